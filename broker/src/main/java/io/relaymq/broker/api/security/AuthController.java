package io.relaymq.broker.api.security;

import io.relaymq.broker.api.ApiPrincipal;
import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.broker.api.admin.AdminUserView;
import io.relaymq.broker.api.settings.PasswordPolicy;
import io.relaymq.dao.admin.AdminUser;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Login (throttled per client address and user name), token refresh, the current user and its password. */
@RestController
@RequestMapping("/api/auth")
class AuthController {

    private static final Logger log = LoggerFactory.getLogger(AuthController.class);

    /** The user name is logged and keyed on: bounded, and without control characters (no forged log lines). */
    record LoginRequest(
            @NotBlank @Size(max = 255) @Pattern(regexp = "\\P{Cntrl}*")
            String username,

            @NotBlank String password) {}

    /** A refresh token is a JWT of a few hundred bytes: anything far larger is not one. */
    record RefreshRequest(@NotBlank @Size(max = 4096) String refreshToken) {}

    /** The new password's rules are the security settings' password policy; 72 characters is bcrypt's limit. */
    record ChangePasswordRequest(
            @NotBlank @Size(max = 1024) String currentPassword,
            @NotBlank @Size(max = PasswordPolicy.MAX_LENGTH) String newPassword) {}

    private final AdminUserService users;
    private final AdminTokens tokens;
    private final LoginThrottle throttle;
    private final ClientAddresses addresses;

    AuthController(AdminUserService users, AdminTokens tokens, LoginThrottle throttle, ClientAddresses addresses) {
        this.users = users;
        this.tokens = tokens;
        this.throttle = throttle;
        this.addresses = addresses;
    }

    @PostMapping("/login")
    JwtTokens.TokenPair login(@Valid @RequestBody LoginRequest login, HttpServletRequest request) {
        String address = addresses.of(request);
        throttle.admit(login.username(), address);
        AdminUser user = users.authenticate(login.username(), login.password()).orElse(null);
        if (user == null) {
            log.warn("API login of {} from {} refused", login.username(), address);
            throw new BadTokenException("wrong user name or password");
        }
        throttle.succeeded(login.username(), address);
        return tokens.login(user);
    }

    @PostMapping("/token")
    JwtTokens.TokenPair refresh(@Valid @RequestBody RefreshRequest refresh) {
        return tokens.refresh(refresh.refreshToken());
    }

    /** Ends the login the refresh token belongs to: no refresh token of it works afterwards. */
    @PostMapping("/logout")
    void logout(@AuthenticationPrincipal ApiPrincipal principal, @Valid @RequestBody RefreshRequest logout) {
        tokens.logout(logout.refreshToken(), principal.userId());
    }

    @GetMapping("/user")
    AdminUserView user(@AuthenticationPrincipal ApiPrincipal principal) {
        return AdminUserView.of(users.find(principal.userId()));
    }

    @PostMapping("/changePassword")
    JwtTokens.TokenPair changePassword(
            @AuthenticationPrincipal ApiPrincipal principal, @Valid @RequestBody ChangePasswordRequest change) {
        users.changePassword(principal.userId(), change.currentPassword(), change.newPassword());
        return tokens.afterPasswordChange(users.find(principal.userId()));
    }
}

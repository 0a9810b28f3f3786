package io.relaymq.broker.api.security;

import io.relaymq.broker.api.error.ApiConflictException;
import io.relaymq.broker.api.reset.PasswordResets;
import io.relaymq.broker.api.settings.PasswordPolicy;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * TBMQ's "forgot password": ask for a reset mail, follow its link, set a new password with its token.
 * Open without a token (under {@code /api/noauth}). Asking always answers 200, whether or not the
 * address has an account.
 */
@RestController
@RequestMapping("/api/noauth")
class PasswordResetController {

    /** Where TBMQ's web UI shows its form for a valid token; RelayMQ serves no UI of its own there. */
    static final String UI_RESET_PAGE = "/login/resetPassword?resetToken=";

    static final int MAX_TOKEN_LENGTH = 128;

    record ResetByEmailRequest(@NotBlank @Size(max = 255) String email) {}

    /** The password's rules are the security settings' password policy; 72 characters is bcrypt's limit. */
    record ResetRequest(
            @NotBlank @Size(max = MAX_TOKEN_LENGTH) String resetToken,
            @NotBlank @Size(max = PasswordPolicy.MAX_LENGTH) String password) {}

    private final PasswordResets resets;
    private final AdminTokens tokens;

    PasswordResetController(PasswordResets resets, AdminTokens tokens) {
        this.resets = resets;
        this.tokens = tokens;
    }

    @PostMapping("/resetPasswordByEmail")
    ResponseEntity<Void> requestByEmail(@Valid @RequestBody ResetByEmailRequest body) {
        resets.request(body.email());
        return ResponseEntity.ok().build();
    }

    /** A valid token: 303 to TBMQ's UI page for it; any other: 409, as TBMQ answers. */
    @GetMapping(value = "/resetPassword", params = "resetToken")
    ResponseEntity<Void> check(@RequestParam @Size(max = MAX_TOKEN_LENGTH) String resetToken) {
        if (!resets.isValid(resetToken)) {
            throw new ApiConflictException("invalid or expired reset token");
        }
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(UI_RESET_PAGE + resetToken))
                .build();
    }

    /** Sets the password; answers a new token pair, as a login does. */
    @PostMapping("/resetPassword")
    JwtTokens.TokenPair reset(@Valid @RequestBody ResetRequest body) {
        return tokens.afterPasswordChange(resets.reset(body.resetToken(), body.password()));
    }
}

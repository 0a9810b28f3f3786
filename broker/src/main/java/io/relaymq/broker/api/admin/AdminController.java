package io.relaymq.broker.api.admin;

import io.relaymq.broker.api.ApiPrincipal;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.api.settings.PasswordPolicy;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Admin users: create or update, list, get, delete. */
@RestController
@RequestMapping("/api/admin")
class AdminController {

    /**
     * A new user (no id, password required) or changes to one (id; password only to reset it). The
     * password's rules are the security settings' password policy; 72 characters is bcrypt's limit.
     */
    record SaveUserRequest(
            UUID id,
            @NotBlank @Email @Size(max = 255) String email,
            @Size(max = 255) String firstName,
            @Size(max = 255) String lastName,
            Boolean enabled,

            @Size(max = PasswordPolicy.MAX_LENGTH) String password) {}

    private static final Map<String, String> SORTS =
            Map.of("email", "email", "createdTime", "created_time", "firstName", "first_name", "lastName", "last_name");

    private final AdminUserService users;

    AdminController(AdminUserService users) {
        this.users = users;
    }

    @PostMapping
    AdminUserView save(@Valid @RequestBody SaveUserRequest body) {
        return AdminUserView.of(users.save(
                body.id(), body.email(), body.firstName(), body.lastName(), body.enabled(), body.password()));
    }

    @GetMapping(params = {"pageSize", "page"})
    PageData<AdminUserView> list(@Valid PageQuery query) {
        var rows = users.repository()
                .page(
                        query.search(),
                        query.sortKey(SORTS, "email"),
                        query.ascending(),
                        query.pageSize(),
                        query.offset());
        return PageData.of(
                rows.stream().map(AdminUserView::of).toList(),
                users.repository().count(query.search()),
                query);
    }

    @GetMapping("/user/{userId}")
    AdminUserView get(@PathVariable UUID userId) {
        return AdminUserView.of(users.find(userId));
    }

    @DeleteMapping("/{userId}")
    ResponseEntity<Void> delete(@PathVariable UUID userId, @AuthenticationPrincipal ApiPrincipal principal) {
        users.delete(userId, principal.userId());
        return ResponseEntity.ok().build();
    }
}

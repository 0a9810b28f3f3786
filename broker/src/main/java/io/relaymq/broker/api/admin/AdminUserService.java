package io.relaymq.broker.api.admin;

import io.relaymq.broker.api.error.ApiConflictException;
import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.settings.PasswordPolicy;
import io.relaymq.broker.api.settings.SecuritySettingsService;
import io.relaymq.dao.admin.AdminUser;
import io.relaymq.dao.admin.AdminUserRepository;
import io.relaymq.dao.jdbc.Jdbc;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * Admin users: passwords kept only as bcrypt hashes, e-mail unique, the last enabled admin never
 * deleted or disabled. Whether a token's user still exists, is enabled and has the token's version is
 * read from PostgreSQL on every request, so a removed, disabled or re-passworded user's tokens stop
 * working on every node at once. A password set through the API must pass the security settings'
 * password policy; the first admin's configured password only needs {@link #MIN_PASSWORD_LENGTH}.
 */
public final class AdminUserService {

    public static final int MIN_PASSWORD_LENGTH = 8;
    private static final String UNKNOWN_USER_HASH =
            BCrypt.hashpw(UUID.randomUUID().toString(), BCrypt.gensalt());

    private final AdminUserRepository repository;
    private final SecuritySettingsService security;
    private final Clock clock;

    public AdminUserService(AdminUserRepository repository, SecuritySettingsService security, Clock clock) {
        this.repository = repository;
        this.security = security;
        this.clock = clock;
    }

    /** The enabled user with this e-mail and password; empty otherwise (the same bcrypt cost either way). */
    public Optional<AdminUser> authenticate(String email, String password) {
        Optional<AdminUser> user = repository.findByEmail(email);
        boolean matches =
                BCrypt.checkpw(password, user.map(AdminUser::passwordHash).orElse(UNKNOWN_USER_HASH));
        return user.filter(u -> matches && u.enabled());
    }

    /** The user if it exists and is enabled. */
    public Optional<AdminUser> activeUser(UUID id) {
        return repository.findById(id).filter(AdminUser::enabled);
    }

    public AdminUser find(UUID id) {
        return repository.findById(id).orElseThrow(() -> new ApiNotFoundException("no admin user " + id));
    }

    /** Creates a user ({@code id} null, password required) or updates one (password optional). */
    public AdminUser save(UUID id, String email, String firstName, String lastName, Boolean enabled, String password) {
        Optional<AdminUser> existing = id == null ? Optional.empty() : Optional.of(find(id));
        if (existing.isEmpty() && password == null) {
            throw new IllegalArgumentException("password is required for a new user");
        }
        String hash = password != null ? checkedHash(password) : existing.get().passwordHash();
        boolean isEnabled = enabled == null || enabled;
        if (!isEnabled && existing.map(AdminUser::enabled).orElse(false)) {
            requireAnotherEnabledAdmin(existing.get().id());
        }
        AdminUser user = new AdminUser(
                existing.map(AdminUser::id).orElseGet(UUID::randomUUID),
                existing.map(AdminUser::createdTime).orElse(clock.millis()),
                email.strip(),
                firstName,
                lastName,
                AdminUser.SYS_ADMIN,
                hash,
                isEnabled,
                existing.map(AdminUser::tokenVersion).orElse(0L));
        try {
            repository.save(user);
        } catch (Jdbc.DataAccessException e) {
            if (e.isDuplicateKey()) {
                throw new ApiConflictException("an admin user with e-mail " + email + " exists already");
            }
            throw e;
        }
        return user;
    }

    /** Creates the first admin if there is no admin user yet; false when one exists. */
    public boolean createFirst(String email, String password) {
        return repository.insertFirst(new AdminUser(
                UUID.randomUUID(),
                clock.millis(),
                email.strip(),
                null,
                null,
                AdminUser.SYS_ADMIN,
                hash(password),
                true,
                0));
    }

    public void delete(UUID id, UUID actingUser) {
        if (id.equals(actingUser)) {
            throw new IllegalArgumentException("an admin user cannot delete itself");
        }
        AdminUser user = find(id);
        if (user.enabled()) {
            requireAnotherEnabledAdmin(id);
        }
        repository.delete(id);
    }

    public void changePassword(UUID id, String currentPassword, String newPassword) {
        AdminUser user = find(id);
        if (!BCrypt.checkpw(currentPassword, user.passwordHash())) {
            throw new IllegalArgumentException("current password is incorrect");
        }
        repository.save(user.withPasswordHash(newPasswordHash(user.passwordHash(), newPassword)));
    }

    /**
     * The bcrypt hash of a user's new password, once it differs from the one {@code currentHash} is of and
     * passes the password policy; 400 otherwise.
     */
    public String newPasswordHash(String currentHash, String newPassword) {
        if (BCrypt.checkpw(newPassword, currentHash)) {
            throw new IllegalArgumentException("the new password must differ from the current one");
        }
        return checkedHash(newPassword);
    }

    public AdminUserRepository repository() {
        return repository;
    }

    private void requireAnotherEnabledAdmin(UUID id) {
        if (repository.countEnabledOtherThan(id) == 0) {
            throw new ApiConflictException("the last enabled admin user cannot be removed or disabled");
        }
    }

    /** The hash of a password set through the API, once it passes the password policy. */
    private String checkedHash(String password) {
        security.checkPassword(password);
        return bcrypt(password);
    }

    private static String hash(String password) {
        if (password.length() < MIN_PASSWORD_LENGTH) {
            throw new IllegalArgumentException("password must have at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        return bcrypt(password);
    }

    private static String bcrypt(String password) {
        if (password.getBytes(StandardCharsets.UTF_8).length > PasswordPolicy.MAX_LENGTH) {
            throw new IllegalArgumentException(
                    "password must have at most " + PasswordPolicy.MAX_LENGTH + " bytes in UTF-8 (bcrypt's limit)");
        }
        return BCrypt.hashpw(password, BCrypt.gensalt());
    }
}

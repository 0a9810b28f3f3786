package io.relaymq.broker.api.security;

import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.dao.admin.AdminUser;
import io.relaymq.dao.admin.RefreshTokenRepository;
import io.relaymq.dao.admin.RefreshTokenRepository.RefreshTokenRow;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The token pairs of admin users. Every refresh token is recorded and may be used once: a refresh uses
 * it up and answers with the next token of its family (the chain begun by one login). A used token
 * presented again means two parties hold it, so the whole family is revoked and both must log in again.
 * A password change revokes all of the user's refresh tokens; its token version also ends the access
 * tokens issued before it.
 */
public final class AdminTokens {

    static final String STALE = "the token was issued before the user's password changed: log in again";
    private static final Logger log = LoggerFactory.getLogger(AdminTokens.class);
    private static final long PURGE_EVERY_MILLIS = 3_600_000;

    private final JwtTokens jwt;
    private final RefreshTokenRepository refreshTokens;
    private final AdminUserService users;
    private final Clock clock;
    private final AtomicLong nextPurge = new AtomicLong();

    public AdminTokens(JwtTokens jwt, RefreshTokenRepository refreshTokens, AdminUserService users, Clock clock) {
        this.jwt = jwt;
        this.refreshTokens = refreshTokens;
        this.users = users;
        this.clock = clock;
    }

    /** A login: the first pair of a new family. */
    public JwtTokens.TokenPair login(AdminUser user) {
        return issue(user, UUID.randomUUID());
    }

    /** The user's password has changed: its earlier refresh tokens are revoked and a new family begins. */
    public JwtTokens.TokenPair afterPasswordChange(AdminUser user) {
        refreshTokens.revokeUser(user.id());
        return login(user);
    }

    /** Uses up {@code token} and answers with the next pair of its family. */
    public JwtTokens.TokenPair refresh(String token) {
        JwtTokens.RefreshClaims claims = jwt.verifyRefresh(token);
        AdminUser user = users.activeUser(claims.userId())
                .orElseThrow(() -> new BadTokenException("the token's user no longer exists or is disabled"));
        if (user.tokenVersion() != claims.tokenVersion()) {
            throw new BadTokenException(STALE);
        }
        RefreshTokenRow used =
                refreshTokens.use(claims.tokenId(), hash(token), clock.millis()).orElseThrow(() -> refused(claims));
        return issue(user, used.familyId());
    }

    /**
     * A logout: revokes every refresh token of the login {@code token} belongs to. Only the token's own user
     * may end it; the access token in hand stays valid until it expires.
     */
    public void logout(String token, UUID caller) {
        JwtTokens.RefreshClaims claims = jwt.verifyRefresh(token);
        if (!claims.userId().equals(caller)) {
            throw new BadTokenException("the refresh token belongs to another user");
        }
        refreshTokens.find(claims.tokenId()).ifPresent(row -> refreshTokens.revokeFamily(row.familyId()));
    }

    private BadTokenException refused(JwtTokens.RefreshClaims claims) {
        Optional<RefreshTokenRow> row = refreshTokens.find(claims.tokenId());
        if (row.isPresent() && row.get().used()) {
            int revoked = refreshTokens.revokeFamily(row.get().familyId());
            log.warn(
                    "API refresh token {} of user {} was presented again after its use: revoked its family {} "
                            + "({} tokens)",
                    claims.tokenId(),
                    claims.userId(),
                    row.get().familyId(),
                    revoked);
            return new BadTokenException(
                    "refresh token already used: every token of its login is revoked; log in again");
        }
        if (row.isPresent() && row.get().revoked()) {
            return new BadTokenException("refresh token revoked: log in again");
        }
        return new BadTokenException("unknown refresh token: log in again");
    }

    private JwtTokens.TokenPair issue(AdminUser user, UUID familyId) {
        long now = clock.millis();
        UUID id = UUID.randomUUID();
        JwtTokens.TokenPair pair = jwt.issue(user, id);
        refreshTokens.insert(id, familyId, user.id(), hash(pair.refreshToken()), now, jwt.refreshExpiry());
        long due = nextPurge.get();
        if (now >= due && nextPurge.compareAndSet(due, now + PURGE_EVERY_MILLIS)) {
            refreshTokens.purgeExpired(now);
        }
        return pair;
    }

    private static String hash(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}

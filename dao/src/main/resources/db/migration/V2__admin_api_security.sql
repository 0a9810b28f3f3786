-- RelayMQ schema, version 2: admin API security.

-- Raised by every password change; tokens carry the version they were issued for, so a change ends
-- all tokens issued before it on every node.
ALTER TABLE admin_user ADD COLUMN token_version BIGINT NOT NULL DEFAULT 0;

-- Failed admin logins, counted cluster-wide. One row per (client address, lower-case user name), which
-- locks out only that pair, and one row per address with user_name '' (a real user name is never
-- empty), which stops an address spraying user names. A row whose last failure is older than the
-- lock duration counts as zero.
CREATE TABLE admin_login_failure (
    address           VARCHAR(64)  NOT NULL,
    user_name         VARCHAR(255) NOT NULL,
    failures          INT          NOT NULL,
    last_failure_time BIGINT       NOT NULL,
    PRIMARY KEY (address, user_name)
);
CREATE INDEX idx_admin_login_failure_time ON admin_login_failure (last_failure_time);

-- Refresh tokens: each may be used once. A login starts a family; every refresh uses up its token and
-- issues the next one of the family. A used token presented again revokes the whole family.
CREATE TABLE admin_refresh_token (
    id           UUID        PRIMARY KEY,
    family_id    UUID        NOT NULL,
    user_id      UUID        NOT NULL REFERENCES admin_user (id) ON DELETE CASCADE,
    -- SHA-256 (hex) of the token as issued
    token_hash   VARCHAR(64) NOT NULL,
    created_time BIGINT      NOT NULL,
    expires_time BIGINT      NOT NULL,
    used         BOOLEAN     NOT NULL DEFAULT FALSE,
    revoked      BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX idx_admin_refresh_token_family ON admin_refresh_token (family_id);
CREATE INDEX idx_admin_refresh_token_user ON admin_refresh_token (user_id);
CREATE INDEX idx_admin_refresh_token_expires ON admin_refresh_token (expires_time);

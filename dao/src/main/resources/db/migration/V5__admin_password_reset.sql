-- RelayMQ schema, version 5: password reset by e-mail for admin users.

-- At most one reset token per user: a new request replaces the old one, a password change or a reset
-- clears it. Only the token's SHA-256 (hex) is stored; the token itself exists only in the mail.
-- reset_requested_time is when the user's last reset mail was claimed: it throttles the mails to one
-- per interval per user on every node.
ALTER TABLE admin_user ADD COLUMN reset_token_hash VARCHAR(64);
ALTER TABLE admin_user ADD COLUMN reset_token_expires BIGINT;
ALTER TABLE admin_user ADD COLUMN reset_requested_time BIGINT;
CREATE UNIQUE INDEX idx_admin_user_reset_token ON admin_user (reset_token_hash) WHERE reset_token_hash IS NOT NULL;

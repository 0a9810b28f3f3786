-- RelayMQ schema, version 7: SCRAM credentials for MQTT 5.0 enhanced authentication (SCRAM-SHA-256 and
-- SCRAM-SHA-512). Their value keeps the user name, algorithm, salt, iteration count, StoredKey, ServerKey
-- and the same authRules as MQTT_BASIC credentials; never a password. The SCRAM provider starts switched
-- off. The secret salts the answers to unknown user names, the same on every node, so a client cannot tell
-- an unknown user from a known one; it never leaves the database and the broker.

ALTER TABLE mqtt_client_credentials DROP CONSTRAINT mqtt_client_credentials_credentials_type_check;
ALTER TABLE mqtt_client_credentials ADD CONSTRAINT mqtt_client_credentials_credentials_type_check
    CHECK (credentials_type IN ('MQTT_BASIC', 'SSL', 'SCRAM'));

ALTER TABLE mqtt_auth_provider DROP CONSTRAINT mqtt_auth_provider_type_check;
ALTER TABLE mqtt_auth_provider ADD CONSTRAINT mqtt_auth_provider_type_check
    CHECK (type IN ('MQTT_BASIC', 'X_509', 'JWT', 'HTTP', 'SCRAM'));
INSERT INTO mqtt_auth_provider (type, created_time, enabled, configuration) VALUES
    ('SCRAM', (extract(epoch FROM now()) * 1000)::BIGINT, FALSE, '{}');

CREATE TABLE mqtt_scram_secret (
    id     INT  PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);
-- 244 random bits from PostgreSQL's strong random source
INSERT INTO mqtt_scram_secret (id, secret) VALUES
    (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

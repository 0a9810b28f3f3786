-- RelayMQ schema, version 1: credentials, admin users, settings, auth providers and the
-- per-client contexts that persistence keeps in PostgreSQL. Never on the message hot path.

CREATE TABLE mqtt_client_credentials (
    id                UUID PRIMARY KEY,
    created_time      BIGINT       NOT NULL,
    name              VARCHAR(255) NOT NULL,
    client_type       VARCHAR(32)  NOT NULL CHECK (client_type IN ('DEVICE', 'APPLICATION')),
    credentials_type  VARCHAR(32)  NOT NULL CHECK (credentials_type IN ('MQTT_BASIC', 'X_509')),
    -- lookup key: client_id|<id>, username|<name>, mixed|<name>|<id>, ssl|<cn> (regex CNs: ssl_regex|<pattern>)
    credentials_id    VARCHAR(1024) NOT NULL UNIQUE,
    credentials_value TEXT         NOT NULL,
    additional_info   TEXT
);
CREATE INDEX idx_mqtt_client_credentials_name ON mqtt_client_credentials (name);
CREATE INDEX idx_mqtt_client_credentials_type ON mqtt_client_credentials (credentials_type);

CREATE TABLE admin_user (
    id              UUID PRIMARY KEY,
    created_time    BIGINT       NOT NULL,
    email           VARCHAR(255) NOT NULL UNIQUE,
    first_name      VARCHAR(255),
    last_name       VARCHAR(255),
    authority       VARCHAR(32)  NOT NULL DEFAULT 'SYS_ADMIN',
    password_hash   VARCHAR(255) NOT NULL,
    enabled         BOOLEAN      NOT NULL DEFAULT TRUE,
    additional_info TEXT
);

CREATE TABLE admin_settings (
    key          VARCHAR(255) PRIMARY KEY,
    created_time BIGINT NOT NULL,
    json_value   TEXT   NOT NULL
);

CREATE TABLE mqtt_auth_provider (
    type            VARCHAR(32) PRIMARY KEY CHECK (type IN ('MQTT_BASIC', 'X_509', 'JWT')),
    created_time    BIGINT  NOT NULL,
    enabled         BOOLEAN NOT NULL,
    configuration   JSONB   NOT NULL,
    additional_info TEXT
);
INSERT INTO mqtt_auth_provider (type, created_time, enabled, configuration) VALUES
    ('MQTT_BASIC', (extract(epoch FROM now()) * 1000)::BIGINT, TRUE, '{}'),
    ('X_509', (extract(epoch FROM now()) * 1000)::BIGINT, TRUE, '{"skipValidityCheckForClientCert": false}'),
    ('JWT', (extract(epoch FROM now()) * 1000)::BIGINT, FALSE, '{}');

CREATE TABLE application_session_ctx (
    client_id         VARCHAR(255) PRIMARY KEY,
    last_updated_time BIGINT NOT NULL,
    publish_msg_infos TEXT   NOT NULL,
    pubrel_msg_infos  TEXT   NOT NULL
);

CREATE TABLE generic_client_session_ctx (
    client_id               VARCHAR(255) PRIMARY KEY,
    last_updated_time       BIGINT NOT NULL,
    qos2_publish_packet_ids TEXT   NOT NULL
);

CREATE TABLE application_shared_subscription (
    id           UUID PRIMARY KEY,
    created_time BIGINT       NOT NULL,
    topic        VARCHAR(1024) NOT NULL UNIQUE,
    partitions   INT          NOT NULL CHECK (partitions > 0),
    name         VARCHAR(255) NOT NULL
);

CREATE TABLE unauthorized_client (
    client_id         VARCHAR(255) PRIMARY KEY,
    ip_address        VARCHAR(64),
    ts                BIGINT  NOT NULL,
    username          VARCHAR(255),
    password_provided BOOLEAN NOT NULL,
    tls_used          BOOLEAN NOT NULL,
    reason            VARCHAR(1024) NOT NULL
);
CREATE INDEX idx_unauthorized_client_ts ON unauthorized_client (ts);

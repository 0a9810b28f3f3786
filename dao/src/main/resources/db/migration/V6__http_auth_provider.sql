-- RelayMQ schema, version 6: the HTTP authentication provider, which asks an external HTTP endpoint to
-- authenticate and authorize MQTT clients. It starts switched off and without an endpoint; it is
-- configured and switched on through the admin API.

ALTER TABLE mqtt_auth_provider DROP CONSTRAINT mqtt_auth_provider_type_check;
ALTER TABLE mqtt_auth_provider ADD CONSTRAINT mqtt_auth_provider_type_check
    CHECK (type IN ('MQTT_BASIC', 'X_509', 'JWT', 'HTTP'));
INSERT INTO mqtt_auth_provider (type, created_time, enabled, configuration) VALUES
    ('HTTP', (extract(epoch FROM now()) * 1000)::BIGINT, FALSE, '{}');

-- RelayMQ schema, version 3: certificate credentials are called SSL, as TBMQ's API calls them, so a
-- TBMQ tool reads back the type it wrote. The API still accepts the old name X_509 on input.

ALTER TABLE mqtt_client_credentials DROP CONSTRAINT mqtt_client_credentials_credentials_type_check;
UPDATE mqtt_client_credentials SET credentials_type = 'SSL' WHERE credentials_type = 'X_509';
ALTER TABLE mqtt_client_credentials ADD CONSTRAINT mqtt_client_credentials_credentials_type_check
    CHECK (credentials_type IN ('MQTT_BASIC', 'SSL'));

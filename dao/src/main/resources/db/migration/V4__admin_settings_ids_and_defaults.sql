-- RelayMQ schema, version 4: admin settings as TBMQ's API shows them, with an id, and TBMQ's default
-- settings installed once. Keys the API does not serve (the generated JWT signing key, "jwt") get an
-- id too but stay out of the API.

ALTER TABLE admin_settings ADD COLUMN id UUID;
UPDATE admin_settings SET id = gen_random_uuid() WHERE id IS NULL;
ALTER TABLE admin_settings ALTER COLUMN id SET NOT NULL;
ALTER TABLE admin_settings ALTER COLUMN id SET DEFAULT gen_random_uuid();
ALTER TABLE admin_settings ADD CONSTRAINT admin_settings_id_unique UNIQUE (id);

-- The defaults: general (the UI's base URL), mail (no password), connectivity (the host and ports the
-- UI shows to device makers; disabled means "the UI's own host and the listener's port"), websocket
-- (the UI's WebSocket client), securitySettings (the admin password policy) and mqttAuthorization.
INSERT INTO admin_settings (key, created_time, json_value) VALUES
    ('general', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"baseUrl": "http://localhost:8083", "prohibitDifferentUrl": false}'),
    ('mail', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"mailFrom": "RelayMQ <sysadmin@localhost.localdomain>", "smtpProtocol": "smtp", "smtpHost": "localhost",'
     || ' "smtpPort": "25", "timeout": "10000", "enableTls": false, "username": "", "password": "",'
     || ' "tlsVersion": "TLSv1.2", "enableProxy": false, "showChangePassword": false}'),
    ('connectivity', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"mqtt": {"enabled": false, "host": "", "port": "1883"}, "mqtts": {"enabled": false, "host": "", "port": "8883"},'
     || ' "ws": {"enabled": false, "host": "", "port": "8084"}, "wss": {"enabled": false, "host": "", "port": "8085"}}'),
    ('websocket', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"isLoggingEnabled": false, "maxMessages": 1000}'),
    ('securitySettings', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"passwordPolicy": {"minimumLength": 8, "maximumLength": 72, "minimumUppercaseLetters": 0,'
     || ' "minimumLowercaseLetters": 0, "minimumDigits": 0, "minimumSpecialCharacters": 0,'
     || ' "allowWhitespaces": true, "forceUserToResetPasswordIfNotValid": false,'
     || ' "passwordExpirationPeriodDays": 0, "passwordReuseFrequencyDays": 0}}'),
    ('mqttAuthorization', (extract(epoch FROM now()) * 1000)::BIGINT,
     '{"useListenerBasedProviderOnly": false, "priorities": ["X_509", "JWT", "MQTT_BASIC"]}')
ON CONFLICT (key) DO NOTHING;

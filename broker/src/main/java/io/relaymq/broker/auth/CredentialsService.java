package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.provider.PasswordChecker;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.BasicCredentials;
import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.dao.credentials.ScramCredentials;
import io.relaymq.dao.credentials.SslCredentials;
import io.relaymq.dao.jdbc.Jdbc;
import java.time.Clock;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Creates, changes and deletes MQTT client credentials: validates them, stores passwords only as bcrypt
 * hashes (MQTT_BASIC) or as SCRAM keys (SCRAM), and tells every node, so caches and connected clients follow
 * at once. Used by the admin API.
 */
public final class CredentialsService {

    private final CredentialsRepository repository;
    private final AuthChanges changes;
    private final Clock clock;
    private final ScramSecrets scram;

    public CredentialsService(CredentialsRepository repository, AuthChanges changes, Clock clock, ScramSecrets scram) {
        this.repository = repository;
        this.changes = changes;
        this.clock = clock;
        this.scram = scram;
    }

    /**
     * Creates ({@code id} null) or replaces credentials. For MQTT_BASIC the value's password is plain text;
     * on create null means any password, on replace null (or the stored hash repeated) keeps the stored
     * password, as TBMQ does: a password is changed only with {@link #changePassword}. For SCRAM the value's
     * password is plain text too and only its keys are stored; it is required on create, and null keeps the
     * stored keys (see {@link ScramSecrets#stored}).
     *
     * @throws IllegalArgumentException when the input is invalid or the lookup key is taken
     * @throws java.util.NoSuchElementException when {@code id} is unknown
     */
    public MqttClientCredentials save(
            UUID id, String name, ClientType clientType, CredentialsType type, String valueJson) {
        return save(id, name, clientType, type, valueJson, null);
    }

    /**
     * The same, with the user's {@code additionalInfo} (a JSON object as text); null keeps what the
     * credentials have (nothing on create).
     */
    public MqttClientCredentials save(
            UUID id,
            String name,
            ClientType clientType,
            CredentialsType type,
            String valueJson,
            String additionalInfo) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name is required");
        }
        if (clientType == null || type == null) {
            throw new IllegalArgumentException("clientType and credentialsType are required");
        }
        Optional<MqttClientCredentials> existing = id == null ? Optional.empty() : Optional.of(find(id));
        String credentialsId;
        String storedValue;
        if (type == CredentialsType.MQTT_BASIC) {
            BasicCredentials basic = validBasic(valueJson);
            String hash = storedHash(basic.password(), existing);
            credentialsId = CredentialsIds.basic(basic.clientId(), basic.userName());
            storedValue = CredentialsJson.write(basic.withPassword(hash));
        } else if (type == CredentialsType.SCRAM) {
            ScramCredentials value = scram.stored(valueJson, existing);
            credentialsId = CredentialsIds.scram(value.userName());
            storedValue = CredentialsJson.write(value);
        } else {
            SslCredentials ssl = validSsl(valueJson);
            credentialsId = CredentialsIds.ssl(ssl);
            storedValue = CredentialsJson.write(ssl);
        }
        MqttClientCredentials saved = new MqttClientCredentials(
                existing.map(MqttClientCredentials::id).orElseGet(UUID::randomUUID),
                existing.map(MqttClientCredentials::createdTime).orElse(clock.millis()),
                name.strip(),
                clientType,
                type,
                credentialsId,
                storedValue,
                additionalInfo != null
                        ? additionalInfo
                        : existing.map(MqttClientCredentials::additionalInfo).orElse(null));
        try {
            repository.save(saved);
        } catch (Jdbc.DataAccessException e) {
            if (e.isDuplicateKey()) {
                throw new IllegalArgumentException("other credentials already match " + credentialsId);
            }
            throw e;
        }
        existing.filter(old -> !old.credentialsId().equals(credentialsId))
                .ifPresent(old -> changes.credentialsChanged(old.credentialsId()));
        changes.credentialsChanged(credentialsId);
        return saved;
    }

    public MqttClientCredentials find(UUID id) {
        return repository.findById(id).orElseThrow(() -> new NoSuchElementException("no credentials " + id));
    }

    /**
     * Checks {@code offered} against the stored password of MQTT_BASIC or SCRAM credentials; basic
     * credentials without a password accept anything.
     *
     * @throws IllegalArgumentException when it does not match or the credentials have no password at all
     */
    public void checkPassword(UUID id, String offered) {
        MqttClientCredentials current = find(id);
        if (current.credentialsType() == CredentialsType.SCRAM) {
            if (!ScramSecrets.matches(CredentialsJson.scram(current.credentialsValue()), offered)) {
                throw new IllegalArgumentException("current password is incorrect");
            }
            return;
        }
        if (current.credentialsType() != CredentialsType.MQTT_BASIC) {
            throw new IllegalArgumentException("only MQTT_BASIC and SCRAM credentials have a password");
        }
        String hash = CredentialsJson.basic(current.credentialsValue()).password();
        if (hash != null && (offered == null || !PasswordChecker.matchesHash(offered, hash))) {
            throw new IllegalArgumentException("current password is incorrect");
        }
    }

    /**
     * Sets a new password on MQTT_BASIC credentials (null: any password) or SCRAM credentials (required: new
     * salt and keys).
     */
    public MqttClientCredentials changePassword(UUID id, String newPassword) {
        MqttClientCredentials current = find(id);
        String value;
        if (current.credentialsType() == CredentialsType.SCRAM) {
            if (newPassword == null) {
                throw new IllegalArgumentException("SCRAM credentials need a password");
            }
            value = CredentialsJson.write(
                    scram.withPassword(CredentialsJson.scram(current.credentialsValue()), newPassword));
        } else if (current.credentialsType() == CredentialsType.MQTT_BASIC) {
            BasicCredentials basic = CredentialsJson.basic(current.credentialsValue());
            value = CredentialsJson.write(
                    basic.withPassword(newPassword == null ? null : PasswordChecker.hash(newPassword)));
        } else {
            throw new IllegalArgumentException("only MQTT_BASIC and SCRAM credentials have a password");
        }
        MqttClientCredentials changed = new MqttClientCredentials(
                current.id(),
                current.createdTime(),
                current.name(),
                current.clientType(),
                current.credentialsType(),
                current.credentialsId(),
                value,
                current.additionalInfo());
        repository.save(changed);
        changes.credentialsChanged(current.credentialsId());
        return changed;
    }

    public boolean delete(UUID id) {
        Optional<MqttClientCredentials> current = repository.findById(id);
        if (current.isEmpty() || !repository.delete(id)) {
            return false;
        }
        changes.credentialsChanged(current.get().credentialsId());
        return true;
    }

    private static BasicCredentials validBasic(String json) {
        BasicCredentials basic = CredentialsJson.basic(json);
        if (isEmpty(basic.clientId()) && isEmpty(basic.userName())) {
            throw new IllegalArgumentException("MQTT_BASIC credentials need a clientId, a userName or both");
        }
        AclRules.validate(basic.authRules());
        return basic;
    }

    private static SslCredentials validSsl(String json) {
        SslCredentials ssl = CredentialsJson.ssl(json);
        if (isEmpty(ssl.certCnPattern())) {
            throw new IllegalArgumentException("SSL credentials need certCnPattern");
        }
        if (ssl.certCnIsRegex()) {
            compile(ssl.certCnPattern(), "certCnPattern");
        }
        for (Map.Entry<String, AuthRules> entry : ssl.authRulesMapping().entrySet()) {
            compile(entry.getKey(), "authRulesMapping key");
            AclRules.validate(entry.getValue());
        }
        return ssl;
    }

    private String storedHash(String offered, Optional<MqttClientCredentials> existing) {
        if (offered == null) {
            return existing.filter(old -> old.credentialsType() == CredentialsType.MQTT_BASIC)
                    .map(old -> CredentialsJson.basic(old.credentialsValue()).password())
                    .orElse(null);
        }
        boolean unchanged = existing.filter(old -> old.credentialsType() == CredentialsType.MQTT_BASIC)
                .map(old -> offered.equals(
                        CredentialsJson.basic(old.credentialsValue()).password()))
                .orElse(false);
        return unchanged ? offered : PasswordChecker.hash(offered);
    }

    private static void compile(String regex, String what) {
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("invalid " + what + " '" + regex + "': " + e.getDescription());
        }
    }

    private static boolean isEmpty(String value) {
        return value == null || value.isEmpty();
    }
}

package io.relaymq.dao.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.schema.SchemaMigrations;
import io.relaymq.dao.support.ScratchSchema;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Credentials rows on a real PostgreSQL: lookup by every candidate key, uniqueness, paging. */
@ExtendWith(LocalStackExtension.class)
class CredentialsRepositoryIT {

    private ScratchSchema schema;
    private CredentialsRepository repository;

    @BeforeEach
    void setUp(StackEndpoints stack) {
        schema = new ScratchSchema(stack);
        new SchemaMigrations(schema.dataSource()).migrate();
        repository = new CredentialsRepository(schema.dataSource());
    }

    @AfterEach
    void tearDown() {
        schema.close();
    }

    private MqttClientCredentials basic(String name, String clientId, String user) {
        BasicCredentials value = new BasicCredentials(clientId, user, null, AuthRules.ALLOW_ALL);
        return new MqttClientCredentials(
                UUID.randomUUID(),
                System.currentTimeMillis(),
                name,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                CredentialsIds.basic(clientId, user),
                CredentialsJson.write(value));
    }

    @Test
    void findsCredentialsByAnyCandidateKeyOfAConnectingClient() {
        repository.save(basic("by-user", null, "alice"));
        repository.save(basic("by-client", "sensor-1", null));
        repository.save(basic("both", "sensor-1", "bob"));

        assertThat(repository.findByCredentialsIds(CredentialsIds.basicCandidates("sensor-1", "alice")))
                .extracting(MqttClientCredentials::name)
                .containsExactlyInAnyOrder("by-user", "by-client");
        assertThat(repository.findByCredentialsIds(CredentialsIds.basicCandidates("sensor-1", "bob")))
                .extracting(MqttClientCredentials::name)
                .containsExactlyInAnyOrder("both", "by-client");
        assertThat(repository.findByCredentialsIds(CredentialsIds.basicCandidates("other", "nobody")))
                .isEmpty();
    }

    @Test
    void additionalInfoIsStoredAndReplaced() {
        MqttClientCredentials plain = basic("info", "i1", null);
        MqttClientCredentials described = new MqttClientCredentials(
                plain.id(),
                plain.createdTime(),
                plain.name(),
                plain.clientType(),
                plain.credentialsType(),
                plain.credentialsId(),
                plain.credentialsValue(),
                "{\"description\":\"meter\"}");
        repository.save(described);
        assertThat(repository.findById(plain.id()).orElseThrow().additionalInfo())
                .isEqualTo("{\"description\":\"meter\"}");
        repository.save(plain);
        assertThat(repository.findById(plain.id()).orElseThrow().additionalInfo())
                .isNull();
    }

    @Test
    void aLookupKeyIsUniqueAndAnUpdateKeepsTheId() {
        MqttClientCredentials first = basic("first", "c1", null);
        repository.save(first);
        assertThatThrownBy(() -> repository.save(basic("second", "c1", null)))
                .isInstanceOfSatisfying(
                        Jdbc.DataAccessException.class,
                        e -> assertThat(e.isDuplicateKey()).isTrue());

        repository.save(new MqttClientCredentials(
                first.id(),
                first.createdTime(),
                "renamed",
                ClientType.APPLICATION,
                first.credentialsType(),
                first.credentialsId(),
                first.credentialsValue()));
        assertThat(repository.findById(first.id()))
                .get()
                .satisfies(c -> assertThat(c.name()).isEqualTo("renamed"))
                .satisfies(c -> assertThat(c.clientType()).isEqualTo(ClientType.APPLICATION));
        assertThat(repository.delete(first.id())).isTrue();
        assertThat(repository.findByCredentialsId("client_id|c1")).isEmpty();
    }

    @Test
    void regexCertificateCredentialsAreListedApart() {
        SslCredentials regex = new SslCredentials("device-.*", true, Map.of(".*", AuthRules.ALLOW_ALL));
        repository.save(new MqttClientCredentials(
                UUID.randomUUID(),
                1,
                "regex",
                ClientType.DEVICE,
                CredentialsType.SSL,
                CredentialsIds.ssl(regex),
                CredentialsJson.write(regex)));
        SslCredentials exact = new SslCredentials("gateway", false, Map.of());
        repository.save(new MqttClientCredentials(
                UUID.randomUUID(),
                1,
                "exact",
                ClientType.DEVICE,
                CredentialsType.SSL,
                CredentialsIds.ssl(exact),
                CredentialsJson.write(exact)));

        assertThat(repository.findSslRegex())
                .extracting(MqttClientCredentials::name)
                .containsExactly("regex");
        assertThat(CredentialsJson.ssl(repository.findSslRegex().get(0).credentialsValue()))
                .isEqualTo(regex);
        assertThat(repository.findByCredentialsId(CredentialsIds.sslExact("gateway")))
                .isPresent();
    }

    @Test
    void pagesBySearchAndSortOrder() {
        for (String name : List.of("beta", "alpha", "gamma", "alphabet")) {
            repository.save(basic(name, name, null));
        }
        assertThat(repository.page("alp", "name", true, 10, 0))
                .extracting(MqttClientCredentials::name)
                .containsExactly("alpha", "alphabet");
        assertThat(repository.page("", "name", false, 2, 1))
                .extracting(MqttClientCredentials::name)
                .containsExactly("beta", "alphabet");
        assertThat(repository.count("a")).isEqualTo(4);
        assertThat(repository.count("_")).isZero();
        assertThatThrownBy(() -> repository.page("", "credentials_value; drop table x", true, 1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

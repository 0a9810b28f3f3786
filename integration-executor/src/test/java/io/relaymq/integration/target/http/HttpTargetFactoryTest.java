package io.relaymq.integration.target.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class HttpTargetFactoryTest {

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final HttpTargetFactory factory = new HttpTargetFactory(new MessageJson(mapper));

    private ObjectNode valid() {
        return (ObjectNode) mapper.readTree("{\"url\":\"https://hooks.example.com/in?x=1\"}");
    }

    private List<String> problems(ObjectNode config) {
        return factory.validate(config);
    }

    private static void assertOne(List<String> problems, String field) {
        assertThat(problems).singleElement().asString().contains(field);
    }

    @Test
    void aFullConfigurationIsAccepted() throws Exception {
        ObjectNode c = valid();
        c.put("method", "put")
                .put("body", "JSON")
                .put("connectTimeoutMs", 60_000)
                .put("requestTimeoutMs", 1);
        c.putObject("headers").put("X-Api-Key", "k").put("Content-Type", "application/cbor");
        c.putObject("auth").put("type", "BASIC").put("username", "u").put("password", "p:w");
        c.putObject("tls").put("caCertificatePem", somePem());
        c.putObject("retry").put("maxAttempts", 3);

        assertThat(problems(c)).isEmpty();
        assertThat(factory.type()).isEqualTo(IntegrationType.HTTP);
    }

    @Test
    void theUrlIsRequiredHttpOrHttpsBoundedAndWithoutCredentials() {
        assertOne(problems(mapper.createObjectNode()), "url: required");
        assertOne(problems(valid().put("url", "https://a.example/" + "x".repeat(2048))), "longer than 2048");
        assertOne(problems(valid().put("url", "ftp://a.example/")), "http or https");
        assertOne(problems(valid().put("url", "file:///etc/passwd")), "http or https");
        assertOne(problems(valid().put("url", "https://user:pw@a.example/")), "credentials");
        assertOne(problems(valid().put("url", "https://a.example/#top")), "fragment");
        assertOne(problems(valid().put("url", "http://a b/")), "not a valid URL");
        assertOne(problems(valid().put("url", 5)), "url");
    }

    @Test
    void onlyPostPutAndPatch() {
        assertOne(problems(valid().put("method", "DELETE")), "method");
        assertThat(problems(valid().put("method", "PATCH"))).isEmpty();
    }

    @Test
    void headersAreBoundedTokensWithCleanValues() {
        ObjectNode c = valid();
        ObjectNode many = c.putObject("headers");
        for (int i = 0; i < 33; i++) {
            many.put("X-H" + i, "v");
        }
        assertOne(problems(c), "at most 32");

        assertOne(problems(headers("Bad Name", "v")), "not a valid header name");
        assertOne(problems(headers("X-A", "line\r\nInjected: yes")), "headers.X-A");
        assertOne(problems(headers("X-A", "v".repeat(1025))), "headers.X-A");
        assertThat(problems(headers("X-A", "v".repeat(1024)))).isEmpty();
        assertOne(problems(headers("X-RelayMQ-Topic", "t")), "reserved");
        for (String refused : List.of("Connection", "host", "Content-Length", "Transfer-Encoding", "Upgrade", "TE")) {
            assertOne(problems(headers(refused, "x")), "cannot be configured");
        }
        ObjectNode both = headers("Authorization", "Bearer x");
        both.putObject("auth").put("type", "BEARER").put("token", "t");
        assertOne(problems(both), "conflicts with auth");
        assertThat(problems(headers("Authorization", "Bearer x"))).isEmpty();
    }

    @Test
    void bodyIsPayloadOrJson() {
        assertOne(problems(valid().put("body", "XML")), "body");
        assertThat(problems(valid().put("body", "payload"))).isEmpty();
    }

    @Test
    void authNeedsItsCredentials() {
        assertOne(problems(auth("type", "DIGEST")), "auth.type");
        assertOne(problems(auth("type", "BASIC")), "auth.username");
        ObjectNode colon = auth("type", "BASIC");
        ((ObjectNode) colon.get("auth")).put("username", "a:b");
        assertOne(problems(colon), "auth.username");
        assertOne(problems(auth("type", "BEARER")), "auth.token");
        ObjectNode spaced = auth("type", "BEARER");
        ((ObjectNode) spaced.get("auth")).put("token", "a b");
        assertOne(problems(spaced), "auth.token");
        ObjectNode longPassword = auth("type", "BASIC");
        ((ObjectNode) longPassword.get("auth")).put("username", "u").put("password", "p".repeat(1025));
        assertOne(problems(longPassword), "password");
        assertThat(problems(auth("type", "NONE"))).isEmpty();
    }

    @Test
    void tlsOffersOnlyAnOwnCaAndChecksIt() {
        ObjectNode trustAll = valid();
        trustAll.putObject("tls").put("trustAll", true);
        assertOne(problems(trustAll), "only caCertificatePem");

        ObjectNode garbage = valid();
        garbage.putObject("tls")
                .put("caCertificatePem", "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----");
        assertOne(problems(garbage), "tls.caCertificatePem");

        ObjectNode huge = valid();
        huge.putObject("tls").put("caCertificatePem", "x".repeat(64 * 1024 + 1));
        assertOne(problems(huge), "tls.caCertificatePem");
    }

    @Test
    void timeoutsAreBounded() {
        assertOne(problems(valid().put("connectTimeoutMs", 0)), "connectTimeoutMs");
        assertOne(problems(valid().put("connectTimeoutMs", 60_001)), "connectTimeoutMs");
        assertOne(problems(valid().put("requestTimeoutMs", 60_001)), "requestTimeoutMs");
        assertOne(problems(valid().put("requestTimeoutMs", "10")), "requestTimeoutMs");
    }

    @Test
    void unknownFieldsAndNonObjectsAreRefused() {
        assertOne(problems(valid().put("followRedirects", true)), "unknown field \"followRedirects\"");
        assertThat(factory.validate(mapper.getNodeFactory().textNode("x"))).isNotEmpty();
    }

    @Test
    void aRefusedConfigurationDoesNotOpen() {
        var d = new IntegrationDefinition(
                UUID.randomUUID(), "h", IntegrationType.HTTP, true, List.of("#"), mapper.createObjectNode(), 1);

        assertThatThrownBy(() -> factory.open(d))
                .isInstanceOf(DeliveryException.class)
                .hasMessageContaining("url");
    }

    private ObjectNode headers(String name, String value) {
        ObjectNode c = valid();
        c.putObject("headers").put(name, value);
        return c;
    }

    private ObjectNode auth(String field, String value) {
        ObjectNode c = valid();
        c.putObject("auth").put(field, value);
        return c;
    }

    /** A CA certificate of the JVM's trust store, as PEM. */
    static String somePem() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init((KeyStore) null);
        X509TrustManager tm = (X509TrustManager) tmf.getTrustManagers()[0];
        X509Certificate cert = tm.getAcceptedIssuers()[0];
        return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(cert.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }
}

package io.relaymq.broker.api.credentials;

import static io.relaymq.broker.auth.AuthClients.connect;
import static org.assertj.core.api.Assertions.assertThat;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.ScramCredentials;
import io.relaymq.dao.jdbc.Jdbc;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** MQTT client credentials through the API: bodies, validation, paging, passwords, CSV import. */
@RelayMqNodeTest
class CredentialsApiIT {

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    @Autowired
    DataSource dataSource;

    private ApiClient api;
    private final AuthClients clients = new AuthClients();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private Map<String, Object> basic(String name, String user, String password) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("clientType", "DEVICE");
        body.put("credentialsType", "MQTT_BASIC");
        body.put(
                "credentialsValue",
                Map.of(
                        "userName",
                        user,
                        "password",
                        password,
                        "authRules",
                        Map.of("pubAuthRulePatterns", List.of(".*"), "subAuthRulePatterns", List.of(".*"))));
        return body;
    }

    @Test
    void createGetChangePasswordAndDelete() {
        ApiClient.Response created =
                api.post("/api/mqtt/client/credentials", basic("c-" + run, "u-" + run, "first-pw"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        String id = created.body().get("id").asString();
        assertThat(api.get("/api/mqtt/client/credentials/" + id)
                        .body()
                        .get("name")
                        .asString())
                .isEqualTo("c-" + run);
        assertThat(api.get("/api/mqtt/client/credentials?name=c-" + run)
                        .body()
                        .get("id")
                        .asString())
                .isEqualTo(id);
        assertThat(connect(clients.v5("a-" + run, Endpoints.tcpPort(server), null), "u-" + run, "first-pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        ApiClient.Response wrongCurrent = api.post(
                "/api/mqtt/client/credentials/" + id, Map.of("currentPassword", "nope", "newPassword", "second-pw"));
        assertThat(wrongCurrent.status()).isEqualTo(400);
        assertThat(wrongCurrent.body().get("detail").asString()).isEqualTo("current password is incorrect");
        assertThat(api.post(
                                "/api/mqtt/client/credentials/" + id,
                                Map.of("currentPassword", "first-pw", "newPassword", "second-pw"))
                        .status())
                .isEqualTo(200);
        assertThat(connect(clients.v5("b-" + run, Endpoints.tcpPort(server), null), "u-" + run, "first-pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        assertThat(connect(clients.v5("c-" + run, Endpoints.tcpPort(server), null), "u-" + run, "second-pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        assertThat(api.delete("/api/mqtt/client/credentials/" + id).status()).isEqualTo(200);
        assertThat(api.delete("/api/mqtt/client/credentials/" + id).status()).isEqualTo(404);
    }

    private Map<String, Object> scram(String name, String user, String algorithm, String password) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("userName", user);
        value.put("algorithm", algorithm);
        if (password != null) {
            value.put("password", password);
        }
        value.put("authRules", Map.of("pubAuthRulePatterns", List.of("s/.*"), "subAuthRulePatterns", List.of()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("clientType", "DEVICE");
        body.put("credentialsType", "SCRAM");
        body.put("credentialsValue", value);
        return body;
    }

    private ScramCredentials storedScram(String id) {
        String value = new Jdbc(dataSource)
                .queryOne(
                        "SELECT credentials_value FROM mqtt_client_credentials WHERE id = ?::uuid",
                        row -> row.getString("credentials_value"),
                        id)
                .orElseThrow();
        assertThat(value).doesNotContain("password");
        return CredentialsJson.scram(value);
    }

    private static boolean keysMatch(ScramCredentials stored, String password) {
        Base64.Decoder base64 = Base64.getDecoder();
        ScramKeys keys = ScramKeys.derive(
                ScramAlgorithm.valueOf(stored.algorithm()),
                password,
                base64.decode(stored.salt()),
                stored.iterations());
        return Arrays.equals(keys.storedKey(), base64.decode(stored.storedKey()))
                && Arrays.equals(keys.serverKey(), base64.decode(stored.serverKey()));
    }

    @Test
    void scramCredentialsStoreKeysNeverThePasswordAndChangeItLikeBasicOnes() {
        String password = "scram-secret-" + run;
        ApiClient.Response created =
                api.post("/api/mqtt/client/credentials", scram("sc-" + run, "su-" + run, "SHA_512", password));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        assertThat(created.text()).doesNotContain(password);
        String id = created.body().get("id").asString();
        assertThat(created.body().get("credentialsId").asString()).isEqualTo("scram|su-" + run);
        JsonNode shown = JsonMapper.builder()
                .build()
                .readTree(created.body().get("credentialsValue").asString());
        assertThat(shown.get("userName").asString()).isEqualTo("su-" + run);
        assertThat(shown.get("iterations").asInt()).isEqualTo(4096);
        assertThat(shown.get("salt").isNull()).isTrue();
        assertThat(shown.get("storedKey").isNull()).isTrue();
        assertThat(shown.get("serverKey").isNull()).isTrue();
        assertThat(api.get("/api/mqtt/client/credentials/" + id).text()).doesNotContain(password);

        ScramCredentials stored = storedScram(id);
        assertThat(stored.algorithm()).isEqualTo("SHA_512");
        assertThat(stored.iterations()).isEqualTo(4096);
        assertThat(Base64.getDecoder().decode(stored.salt())).hasSize(16);
        assertThat(keysMatch(stored, password)).isTrue();
        assertThat(keysMatch(stored, password + "x")).isFalse();

        ApiClient.Response wrongCurrent = api.post(
                "/api/mqtt/client/credentials/" + id, Map.of("currentPassword", "nope", "newPassword", "next-pw"));
        assertThat(wrongCurrent.status()).isEqualTo(400);
        assertThat(wrongCurrent.body().get("detail").asString()).isEqualTo("current password is incorrect");
        ApiClient.Response changed = api.post(
                "/api/mqtt/client/credentials/" + id, Map.of("currentPassword", password, "newPassword", "next-pw"));
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        assertThat(changed.text()).doesNotContain("next-pw");
        ScramCredentials after = storedScram(id);
        assertThat(after.salt()).isNotEqualTo(stored.salt());
        assertThat(keysMatch(after, "next-pw")).isTrue();
        assertThat(keysMatch(after, password)).isFalse();

        // saved again without a password: the keys stay, the rules change
        Map<String, Object> resave = scram("sc-" + run, "su-" + run, "SHA_512", null);
        resave.put("id", id);
        assertThat(api.post("/api/mqtt/client/credentials", resave).status()).isEqualTo(200);
        assertThat(storedScram(id).storedKey()).isEqualTo(after.storedKey());
    }

    @Test
    void invalidScramCredentialsGetClearProblems() {
        ApiClient.Response noPassword =
                api.post("/api/mqtt/client/credentials", scram("np-" + run, "np-" + run, "SHA_256", null));
        assertThat(noPassword.status()).isEqualTo(400);
        assertThat(noPassword.body().get("detail").asString()).contains("need a password");

        ApiClient.Response md5 = api.post("/api/mqtt/client/credentials", scram("md-" + run, "md-" + run, "MD5", "pw"));
        assertThat(md5.status()).isEqualTo(400);
        assertThat(md5.body().get("detail").asString()).contains("SHA_256 or SHA_512");

        ApiClient.Response longUser =
                api.post("/api/mqtt/client/credentials", scram("lu-" + run, "u".repeat(256), "SHA_256", "pw"));
        assertThat(longUser.status()).isEqualTo(400);
        assertThat(longUser.body().get("detail").asString()).contains("userName of 1 to 255");

        ApiClient.Response empty =
                api.post("/api/mqtt/client/credentials", scram("ep-" + run, "ep-" + run, "SHA_256", ""));
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.body().get("detail").asString()).contains("1 to 255 characters");
    }

    @Test
    void invalidBodiesGetClearProblems() {
        ApiClient.Response missing = api.post("/api/mqtt/client/credentials", Map.of("name", "x"));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.header("Content-Type")).startsWith("application/problem+json");
        assertThat(missing.body().get("detail").asString())
                .contains("clientType must not be null")
                .contains("credentialsType must not be null")
                .contains("credentialsValue must not be null");

        Map<String, Object> noIdentity = basic("n-" + run, "x", "y");
        noIdentity.put("credentialsValue", "{\"password\":\"y\"}");
        assertThat(api.post("/api/mqtt/client/credentials", noIdentity)
                        .body()
                        .get("detail")
                        .asString())
                .contains("need a clientId, a userName or both");

        Map<String, Object> badRegex = basic("r-" + run, "r-" + run, "pw");
        badRegex.put("credentialsValue", "{\"userName\":\"r\",\"authRules\":{\"pubAuthRulePatterns\":[\"(\"]}}");
        assertThat(api.post("/api/mqtt/client/credentials", badRegex).status()).isEqualTo(400);

        Map<String, Object> badType = basic("t-" + run, "t", "pw");
        badType.put("clientType", "ROBOT");
        assertThat(api.post("/api/mqtt/client/credentials", badType).status()).isEqualTo(400);

        api.post("/api/mqtt/client/credentials", basic("d1-" + run, "dup-" + run, "pw"));
        ApiClient.Response duplicate = api.post("/api/mqtt/client/credentials", basic("d2-" + run, "dup-" + run, "pw"));
        assertThat(duplicate.status()).isEqualTo(400);
        assertThat(duplicate.body().get("detail").asString()).contains("already match");

        assertThat(api.get("/api/mqtt/client/credentials/not-a-uuid").status()).isEqualTo(400);
        ApiClient.Response unreadable = api.post("/api/mqtt/client/credentials", "{\"name\": ");
        assertThat(unreadable.body().get("detail").asString()).startsWith("unreadable request body: ");
        assertThat(api.get("/api/mqtt/client/credentials/" + UUID.randomUUID()).status())
                .isEqualTo(404);
    }

    @Test
    void pagesSortAndSearch() {
        for (String n : List.of("b", "a", "c")) {
            api.post("/api/mqtt/client/credentials", basic("p" + run + "-" + n, "p" + run + n, "pw"));
        }
        JsonNode first = api.get(
                        "/api/mqtt/client/credentials?pageSize=2&page=0&sortProperty=name&sortOrder=ASC&textSearch=p"
                                + run)
                .body();
        assertThat(first.get("totalElements").asLong()).isEqualTo(3);
        assertThat(first.get("totalPages").asInt()).isEqualTo(2);
        assertThat(first.get("hasNext").asBoolean()).isTrue();
        assertThat(first.get("data").findValuesAsString("name")).containsExactly("p" + run + "-a", "p" + run + "-b");
        JsonNode second = api.get(
                        "/api/mqtt/client/credentials?pageSize=2&page=1&sortProperty=name&sortOrder=ASC&textSearch=p"
                                + run)
                .body();
        assertThat(second.get("data").findValuesAsString("name")).containsExactly("p" + run + "-c");
        assertThat(second.get("hasNext").asBoolean()).isFalse();
        JsonNode descending = api.get("/api/mqtt/client/credentials?pageSize=1&page=0&sortProperty=name&sortOrder=DESC"
                        + "&textSearch=p" + run)
                .body();
        assertThat(descending.get("data").get(0).get("name").asString()).isEqualTo("p" + run + "-c");

        assertThat(api.get("/api/mqtt/client/credentials?pageSize=2&page=-1").status())
                .isEqualTo(400);
        assertThat(api.get("/api/mqtt/client/credentials?pageSize=2&page=0&sortOrder=UP")
                        .body()
                        .get("detail")
                        .asString())
                .contains("sortOrder must be ASC or DESC");
        assertThat(api.get("/api/mqtt/client/credentials/info")
                        .body()
                        .get("totalCount")
                        .asLong())
                .isGreaterThanOrEqualTo(3);
    }

    @Test
    void csvImportCreatesUpdatesAndReportsBadLines() {
        String csv = "name,clientType,userName,password,pubAuthRulePatterns\n"
                + "csv1-" + run + ",DEVICE,csv1-" + run + ",pw-1,sensors/.*;alerts/.*\n"
                + "\"csv2-" + run + ", quoted\",APPLICATION,csv2-" + run + ",pw-2,\n"
                + "csv3-" + run + ",ROBOT,csv3-" + run + ",pw-3,\n"
                + ",DEVICE,nameless-" + run + ",pw,\n";
        ApiClient.Response imported = api.postText("/api/mqtt/client/credentials/bulk_import", "text/csv", csv);
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);
        assertThat(imported.body().get("created").asInt()).isEqualTo(2);
        assertThat(imported.body().get("errors").findValuesAsString("")).isEmpty();
        assertThat(imported.body().get("errors").get(0).asString()).startsWith("line 4: clientType must be");
        assertThat(imported.body().get("errors").get(1).asString()).startsWith("line 5: name is empty");

        JsonNode quoted = api.get("/api/mqtt/client/credentials?name=csv2-" + run + ",%20quoted")
                .body();
        assertThat(quoted.get("clientType").asString()).isEqualTo("APPLICATION");
        assertThat(connect(clients.v5("csv-" + run, Endpoints.tcpPort(server), null), "csv1-" + run, "pw-1"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        ApiClient.Response again = api.postText("/api/mqtt/client/credentials/bulk_import", "text/csv", csv);
        assertThat(again.body().get("errors").get(0).asString()).contains("exist already");
        ApiClient.Response update = api.postText(
                "/api/mqtt/client/credentials/bulk_import?update=true",
                "text/csv",
                "name,userName,password\ncsv1-" + run + "-renamed,csv1-" + run + ",pw-9\n");
        assertThat(update.body().get("updated").asInt()).isEqualTo(1);
        assertThat(connect(clients.v5("csv2-" + run, Endpoints.tcpPort(server), null), "csv1-" + run, "pw-9"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        assertThat(api.postText("/api/mqtt/client/credentials/bulk_import", "text/csv", "user,password\nx,y\n")
                        .status())
                .isEqualTo(400);
    }
}

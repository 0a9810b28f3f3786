package io.relaymq.broker.api.credentials;

import static io.relaymq.broker.auth.AuthClients.connect;
import static org.assertj.core.api.Assertions.assertThat;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** MQTT client credentials through the API: bodies, validation, paging, passwords, CSV import. */
@RelayMqNodeTest
class CredentialsApiIT {

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

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

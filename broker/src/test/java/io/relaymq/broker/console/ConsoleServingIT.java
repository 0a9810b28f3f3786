package io.relaymq.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The web console is served by the node itself: its static files without a token and under a strict
 * Content-Security-Policy, the chart library from its WebJar, while the API behind it still needs the token.
 */
@RelayMqNodeTest
class ConsoleServingIT {

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self' ws: wss:; frame-ancestors 'none'";

    @LocalServerPort
    int port;

    @Test
    void theRootServesTheConsoleWithoutATokenUnderAStrictPolicy() {
        ApiClient.Response root = ApiClient.anonymous(port).get("/");

        assertThat(root.status()).isEqualTo(200);
        assertThat(root.header("Content-Type")).startsWith("text/html");
        assertThat(root.text()).contains("id=\"login-form\"").contains("src=\"console/app.js\"");
        assertThat(root.header("Content-Security-Policy")).isEqualTo(CSP);
        assertThat(root.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(ApiClient.anonymous(port).get("/index.html").text()).isEqualTo(root.text());
    }

    @Test
    void theConsoleModulesAreServedAsJavaScript() {
        for (String path :
                new String[] {"/console/app.js", "/console/api.js", "/console/table.js", "/console/pages/sessions.js"
                }) {
            ApiClient.Response module = ApiClient.anonymous(port).get(path);
            assertThat(module.status()).as(path).isEqualTo(200);
            assertThat(module.header("Content-Type")).as(path).startsWith("text/javascript");
            assertThat(module.header("Content-Security-Policy")).as(path).isEqualTo(CSP);
        }
        ApiClient.Response css = ApiClient.anonymous(port).get("/console/console.css");
        assertThat(css.header("Content-Type")).startsWith("text/css");
    }

    @Test
    void theChartLibraryComesFromItsWebJarWithoutAVersionInThePath() {
        ApiClient.Response chart = ApiClient.anonymous(port).get("/webjars/uplot/dist/uPlot.esm.js");

        assertThat(chart.status()).isEqualTo(200);
        assertThat(chart.header("Content-Type")).startsWith("text/javascript");
        assertThat(chart.text()).contains("export { uPlot as default }");
        assertThat(ApiClient.anonymous(port)
                        .get("/webjars/uplot/dist/uPlot.min.css")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void otherWebJarsStayClosed() {
        // springdoc brings Swagger UI's WebJar: it must not be open while SWAGGER_ENABLED is off
        ApiClient.Response swagger = ApiClient.anonymous(port).get("/webjars/swagger-ui/swagger-ui.css");
        assertThat(swagger.status()).isIn(401, 403);
    }

    @Test
    void theApiStillNeedsTheToken() {
        ApiClient.Response anonymous = ApiClient.anonymous(port).get("/api/v2/client-session?pageSize=10&page=0");
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("Content-Security-Policy")).isNull();

        ApiClient.Response admin = ApiClient.admin(port).get("/api/v2/client-session?pageSize=10&page=0");
        assertThat(admin.status()).isEqualTo(200);
    }

    @Test
    void onlyReadingIsOpenAndMissingFilesAreNotFound() {
        ApiClient anonymous = ApiClient.anonymous(port);
        ApiClient.Response post = anonymous.postText("/console/app.js", "text/plain", "x");
        assertThat(post.status()).isEqualTo(403);
        ApiClient.Response delete = anonymous.delete("/index.html");
        assertThat(delete.status()).isEqualTo(403);
        ApiClient.Response missing =
                anonymous.send(anonymous.request("/console/no-such-file.js").GET());
        assertThat(missing.status()).isEqualTo(404);
        ApiClient.Response elsewhere = anonymous.get("/somewhere-else.html");
        assertThat(elsewhere.status()).isIn(401, 403);
    }

    @Test
    void aPathClimbingOutOfTheConsoleIsNotServed() {
        HttpRequest.Builder traversal = ApiClient.anonymous(port).request("/console/../application.yml");
        ApiClient.Response r = ApiClient.anonymous(port).send(traversal.GET());
        assertThat(r.status()).isIn(400, 401, 403, 404);
        assertThat(r.text()).doesNotContain("RELAYMQ_NODE_ID");
    }
}

package io.relaymq.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.ConsoleBrowser;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The console in a real Chromium: logging in, the home page's charts drawn from the historical statistics, and
 * every page rendering (each one saved as a screenshot under target/console-screenshots).
 */
@RelayMqNodeTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsolePagesIT {

    /** Every page of the nav, in its order. */
    private static final List<String> PAGES = List.of(
            "home",
            "sessions",
            "credentials",
            "subscriptions",
            "shared-subscriptions",
            "retained",
            "app-shared",
            "blocked",
            "unauthorized",
            "providers",
            "kafka",
            "admins",
            "settings",
            "ws-client");

    private static final List<String> CHARTS = List.of(
            "incomingMsgs", "outgoingMsgs", "droppedMsgs", "retainedMsgs", "sessions", "subscriptions", "kafkaLag");

    private static ConsoleBrowser browser;

    @BeforeAll
    static void openConsole(@LocalServerPort int httpPort) {
        awaitHistory(ApiClient.admin(httpPort));
        browser = ConsoleBrowser.open(httpPort);
    }

    @AfterAll
    static void closeConsole() {
        if (browser != null) {
            browser.close();
        }
    }

    /**
     * The test node's sampler writes a point every 2 s (STATS_HISTORY_INTERVAL of the shared node); the home page
     * draws the last hour once, when opened, so it is opened only once the API has a point of every key.
     */
    private static void awaitHistory(ApiClient api) {
        await().atMost(ConsoleBrowser.WAIT).until(() -> {
            long now = System.currentTimeMillis();
            ApiClient.Response r = api.get("/api/timeseries/total/values?keys=" + String.join(",", CHARTS) + "&startTs="
                    + (now - 3_600_000) + "&endTs=" + now);
            return r.status() == 200
                    && CHARTS.stream().allMatch(k -> r.body().path(k).size() > 0);
        });
    }

    @Test
    @Order(1)
    void aWrongPasswordIsRefusedAndTheRightOneOpensTheHomePage() {
        browser.submitLogin(ApiClient.ADMIN_EMAIL, "not-the-admin-password");
        String error = browser.until(d -> {
            String text = browser.present("#login-error").getText();
            return text.isBlank() ? null : text;
        });
        assertThat(error).isNotBlank();
        assertThat(browser.all("nav#nav a[data-page]")).noneMatch(a -> a.isDisplayed());
        browser.screenshot("login");

        browser.loginAsAdmin();
        assertThat(browser.present("#login-error").getText()).isBlank();
        assertThat(browser.all("nav#nav a[data-page]"))
                .extracting(a -> a.getAttribute("data-page"))
                .containsExactlyElementsOf(PAGES);
    }

    @Test
    @Order(2)
    void theHomeChartsAreDrawnFromTheHistoricalStatistics() {
        ensureLoggedIn();
        browser.go("home");
        browser.visible("button[data-range=\"hour\"]").click();
        for (String key : CHARTS) {
            browser.until(d -> points(key) > 0);
        }
        browser.visible("table[data-table=\"nodes\"] tbody tr[data-key=\"it-node-1\"]");
    }

    @Test
    @Order(3)
    void everyPageRendersInTheLightThemeAndHomeInTheDark() {
        ensureLoggedIn();
        setTheme("light");
        for (String page : PAGES) {
            browser.go(page);
            assertThat(browser.all("#error-banner"))
                    .as("no error on " + page)
                    .allMatch(banner -> !banner.isDisplayed());
            browser.screenshot(page);
        }
        browser.go("home");
        browser.visible("#theme-toggle").click();
        assertThat(theme()).isEqualTo("dark");
        browser.until(d -> points("incomingMsgs") > 0);
        browser.screenshot("home-dark");
        browser.visible("#theme-toggle").click();
        assertThat(theme()).isEqualTo("light");
    }

    @Test
    @Order(4)
    void aTabletGetsTheNavAboveThePagesWithoutSidewaysScrolling() {
        ensureLoggedIn();
        browser.driver().manage().window().setSize(new Dimension(820, 1180));
        try {
            for (String page : List.of("home", "sessions", "credentials", "ws-client")) {
                browser.go(page);
                long overflow = (Long) ((JavascriptExecutor) browser.driver())
                        .executeScript(
                                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
                assertThat(overflow).as("sideways scrolling on " + page).isLessThanOrEqualTo(0);
            }
            WebElement nav = browser.visible("nav#nav");
            WebElement main = browser.visible("main#page");
            assertThat(nav.getRect().getY() + nav.getRect().getHeight())
                    .as("the nav sits above the page")
                    .isLessThanOrEqualTo(main.getRect().getY());
            browser.screenshot("tablet-ws-client");
        } finally {
            browser.driver().manage().window().setSize(new Dimension(1280, 800));
        }
    }

    private static void ensureLoggedIn() {
        if (browser.all("nav#nav a[data-page]").stream().noneMatch(a -> a.isDisplayed())) {
            browser.loginAsAdmin();
        }
    }

    private static void setTheme(String wanted) {
        if (!wanted.equals(theme())) {
            browser.visible("#theme-toggle").click();
        }
        assertThat(theme()).isEqualTo(wanted);
    }

    private static String theme() {
        return (String) browser.driver().findElement(By.tagName("html")).getDomAttribute("data-theme");
    }

    private static int points(String chart) {
        String value = browser.present("[data-chart=\"" + chart + "\"]").getAttribute("data-points");
        return value == null ? 0 : Integer.parseInt(value);
    }
}

package io.relaymq.broker.support;

import io.relaymq.localinfra.browser.ChromiumBinary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium on the web console of the test node, driven through ChromeDriver: both programs come from
 * {@link ChromiumBinary} (Debian's packages), so Selenium never looks for or downloads a driver. Knows the
 * console's shared DOM hooks (login form, nav, page container, confirm dialog, tables) and saves screenshots under
 * {@code target/console-screenshots}. One per test class: it takes a second or two to start.
 */
public final class ConsoleBrowser implements AutoCloseable {

    public static final Duration WAIT = Duration.ofSeconds(15);
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final Path PROFILES = Path.of("target", "console-browser");
    private static final int MAX_SHOT_HEIGHT = 4000;

    private final ChromeDriver driver;
    private final String base;
    private final Path profile;

    private ConsoleBrowser(ChromeDriver driver, String base, Path profile) {
        this.driver = driver;
        this.base = base;
        this.profile = profile;
    }

    /** Starts Chromium (1280×800, a fresh profile) and opens the console of the node on {@code httpPort}. */
    public static ConsoleBrowser open(int httpPort) {
        ChromiumBinary chromium = ChromiumBinary.resolve();
        Path profile = freshProfile();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.browser().toFile());
        options.addArguments(ChromiumBinary.HEADLESS_FLAGS);
        options.addArguments("--user-data-dir=" + profile.toAbsolutePath(), "--window-size=1280,800");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromium.driver().toFile())
                .usingAnyFreePort()
                .build();
        ConsoleBrowser browser =
                new ConsoleBrowser(new ChromeDriver(service, options), "http://127.0.0.1:" + httpPort, profile);
        try {
            browser.driver.manage().window().setSize(new Dimension(1280, 800));
            browser.driver.get(browser.base + "/");
            return browser;
        } catch (RuntimeException e) {
            browser.close();
            throw e;
        }
    }

    public WebDriver driver() {
        return driver;
    }

    /** Fills and sends the login form; does not wait for its outcome. */
    public void submitLogin(String username, String password) {
        WebElement form = visible("form#login-form");
        type(form.findElement(By.cssSelector("input[name=username]")), username);
        type(form.findElement(By.cssSelector("input[name=password]")), password);
        form.findElement(By.cssSelector("button[type=submit]")).click();
    }

    /** Logs in as the test node's admin and waits for the home page to be ready. */
    public void loginAsAdmin() {
        submitLogin(ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD);
        waitReady("home");
    }

    /** Follows the nav link of a page and waits until the page has shown its first data. */
    public void go(String pageId) {
        visible("nav#nav a[data-page=\"" + pageId + "\"]").click();
        waitReady(pageId);
    }

    public void waitReady(String pageId) {
        visible("main#page[data-page=\"" + pageId + "\"][data-ready=\"true\"]");
    }

    public WebElement visible(String css) {
        return until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    public WebElement present(String css) {
        return until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(css)));
    }

    /** Waits until no element matches, or none of them is shown. */
    public void gone(String css) {
        until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector(css)));
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until the element's text contains {@code text}, and returns that text. */
    public String withText(String css, String text) {
        return textUntil(css, t -> t.contains(text));
    }

    public <T> T until(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, WAIT).until(condition);
    }

    /** The row of {@code table} with key {@code key}, once it is shown. */
    public WebElement row(String table, String key) {
        return visible(rowCss(table, key));
    }

    /**
     * Clicks the row action {@code action} of the row {@code key}; finds the row again when the table was redrawn
     * between finding and clicking (a reload after a filter or an action replaces the rows).
     */
    public void clickRowAction(String table, String key, String action) {
        String css = rowCss(table, key) + " button[data-action=\"" + action + "\"]";
        new WebDriverWait(driver, WAIT)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> {
                    d.findElement(By.cssSelector(css)).click();
                    return true;
                });
    }

    /** Waits until the text of the element matching {@code css} passes {@code test} (also across redraws). */
    public String textUntil(String css, Predicate<String> test) {
        return new WebDriverWait(driver, WAIT)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> {
                    String text = d.findElement(By.cssSelector(css)).getText();
                    return test.test(text) ? text : null;
                });
    }

    /** The attribute of the element matching {@code css} once it has one (also across redraws). */
    public String attribute(String css, String name) {
        return new WebDriverWait(driver, WAIT)
                .ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElement(By.cssSelector(css)).getAttribute(name));
    }

    public static String rowCss(String table, String key) {
        return "table[data-table=\"" + table + "\"] tbody tr[data-key=\"" + cssString(key) + "\"]";
    }

    /** Types into the page's text filter of the table. */
    public void filter(String text) {
        type(visible("input[data-filter=\"text\"]"), text);
    }

    /** Answers the confirm dialog once it is open, and waits for it to close. */
    public void confirm(boolean ok) {
        visible("dialog#confirm");
        visible("dialog#confirm button[data-confirm=\"" + (ok ? "ok" : "cancel") + "\"]")
                .click();
        until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("dialog#confirm")));
    }

    /** Sets a form field by name: text inputs and text areas are typed, selects choose the option by value. */
    public void fill(WebElement form, String name, String value) {
        WebElement field = form.findElement(By.cssSelector("[name=\"" + name + "\"]"));
        if ("select".equals(field.getTagName())) {
            new Select(field).selectByValue(value);
        } else {
            type(field, value);
        }
    }

    /** Chooses an option of a select by its value (the change event fires, as for a user). */
    public void choose(String selectCss, String value) {
        new Select(visible(selectCss)).selectByValue(value);
    }

    public static void type(WebElement field, String value) {
        field.clear();
        field.sendKeys(value);
    }

    /**
     * Saves the whole page (not only the 1280×800 window; at most {@value #MAX_SHOT_HEIGHT} px high) as
     * {@code target/console-screenshots/<name>.png}, through Chromium's own screenshot command.
     */
    public void screenshot(String name) {
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Number> size = (Map<String, Number>) metrics.get("cssContentSize");
        Map<String, Object> clip = Map.of(
                "x", 0,
                "y", 0,
                "width", size.get("width").doubleValue(),
                "height", Math.min(MAX_SHOT_HEIGHT, size.get("height").doubleValue()),
                "scale", 1);
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            deleteProfile();
        }
    }

    private static Path freshProfile() {
        try {
            Files.createDirectories(PROFILES);
            return Files.createTempDirectory(PROFILES, "profile-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void deleteProfile() {
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // left under target/, where the next clean removes it
        }
    }

    private static String cssString(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}

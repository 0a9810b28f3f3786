package io.relaymq.localinfra.browser;

import io.relaymq.localinfra.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds Chromium and its ChromeDriver for the console's browser tests: in /usr/bin (where the Debian packages put
 * them) or on PATH; else installed through apt (Debian packages {@code chromium} and {@code chromium-driver}) when
 * we are root on Debian/Ubuntu; else a clear error. Only the paths: the tests hand both to their WebDriver, so
 * nothing is ever downloaded by the WebDriver library itself.
 *
 * @param browser the {@code chromium} program
 * @param driver the {@code chromedriver} program
 */
public record ChromiumBinary(Path browser, Path driver) {

    private static final Logger log = LoggerFactory.getLogger(ChromiumBinary.class);
    private static final List<String> PACKAGES = List.of("chromium", "chromium-driver");

    /**
     * The flags a headless Chromium needs on a build machine: no sandbox (root in a container), no GPU, no /dev/shm
     * (often tiny there), and none of the background connections (updates, sync, QUIC probes) that a closed network
     * refuses. The caller adds its own fresh {@code --user-data-dir}.
     */
    public static final List<String> HEADLESS_FLAGS = List.of(
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync");

    public static ChromiumBinary resolve() {
        return found().or(ChromiumBinary::installWithApt)
                .orElseThrow(() -> new IllegalStateException(
                        "No Chromium with ChromeDriver found: install them (e.g. apt-get install chromium"
                                + " chromium-driver) or put chromium and chromedriver on PATH"));
    }

    static Optional<ChromiumBinary> found() {
        Optional<Path> browser = program("chromium");
        Optional<Path> driver = program("chromedriver");
        return browser.isPresent() && driver.isPresent()
                ? Optional.of(new ChromiumBinary(browser.get(), driver.get()))
                : Optional.empty();
    }

    private static Optional<Path> program(String name) {
        Path usrBin = Path.of("/usr/bin", name);
        return Files.isExecutable(usrBin) ? Optional.of(usrBin) : Executables.find(name);
    }

    private static Optional<ChromiumBinary> installWithApt() {
        if (!Executables.isRoot() || Executables.find("apt-get").isEmpty()) {
            return Optional.empty();
        }
        log.info("chromium or chromedriver not found: installing them with apt-get (Debian packages {})", PACKAGES);
        try {
            Executables.aptInstall(PACKAGES.toArray(String[]::new));
        } catch (IOException e) {
            log.warn("apt-get install {} failed", PACKAGES, e);
            return Optional.empty();
        }
        return found();
    }
}

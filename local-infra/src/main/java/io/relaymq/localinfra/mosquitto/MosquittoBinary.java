package io.relaymq.localinfra.mosquitto;

import io.relaymq.localinfra.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the Mosquitto broker and its {@code mosquitto_passwd}: on PATH or in /usr/sbin (where the Debian package
 * puts the broker); else installed through apt when we are root on Debian/Ubuntu; else a clear error.
 *
 * @param broker the {@code mosquitto} program
 * @param passwd the {@code mosquitto_passwd} program
 */
public record MosquittoBinary(Path broker, Path passwd) {

    private static final Logger log = LoggerFactory.getLogger(MosquittoBinary.class);

    public static MosquittoBinary resolve() {
        return found().or(MosquittoBinary::installWithApt)
                .orElseThrow(() -> new IllegalStateException(
                        "No mosquitto found: install Mosquitto (e.g. apt-get install mosquitto) or put mosquitto and"
                                + " mosquitto_passwd on PATH"));
    }

    static Optional<MosquittoBinary> found() {
        Optional<Path> broker = program("mosquitto");
        Optional<Path> passwd = program("mosquitto_passwd");
        return broker.isPresent() && passwd.isPresent()
                ? Optional.of(new MosquittoBinary(broker.get(), passwd.get()))
                : Optional.empty();
    }

    private static Optional<Path> program(String name) {
        return Executables.find(name).or(() -> {
            Path sbin = Path.of("/usr/sbin", name);
            return Files.isExecutable(sbin) ? Optional.of(sbin) : Optional.empty();
        });
    }

    private static Optional<MosquittoBinary> installWithApt() {
        if (!Executables.isRoot() || Executables.find("apt-get").isEmpty()) {
            return Optional.empty();
        }
        log.info("mosquitto not found: installing it with apt-get (Debian package mosquitto)");
        try {
            Executables.aptInstall("mosquitto");
        } catch (IOException e) {
            log.warn("apt-get install mosquitto failed", e);
            return Optional.empty();
        }
        return found();
    }
}

package io.relaymq.broker.api.system;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The CA certificate devices need to trust the MQTTS listener ({@code API_MQTTS_CA_CERT_FILE}), with
 * TBMQ's paths: whether one is configured, and the file itself.
 */
@RestController
@RequestMapping("/api/device-connectivity/mqtts/certificate")
class DeviceConnectivityController {

    /** Larger than any sensible CA bundle; a bigger file is refused rather than read into memory. */
    static final long MAX_FILE_BYTES = 1024 * 1024;

    private final ApiProperties api;

    DeviceConnectivityController(ApiProperties api) {
        this.api = api;
    }

    @GetMapping("/configured")
    boolean configured() {
        Path file = file();
        return file != null && Files.isReadable(file);
    }

    @GetMapping("/download")
    ResponseEntity<byte[]> download() throws IOException {
        Path file = file();
        if (file == null || !Files.isReadable(file)) {
            throw new ApiNotFoundException("no MQTTS CA certificate is configured (API_MQTTS_CA_CERT_FILE)");
        }
        if (Files.size(file) > MAX_FILE_BYTES) {
            throw new IllegalStateException(
                    "the MQTTS CA certificate file is larger than " + MAX_FILE_BYTES + " bytes");
        }
        byte[] pem = Files.readAllBytes(file);
        String name = file.getFileName().toString();
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(name).build().toString())
                .header("x-filename", name)
                .body(pem);
    }

    private Path file() {
        String name = api.mqttsCaCertFile();
        return name == null || name.isBlank() ? null : Path.of(name);
    }
}

package io.relaymq.broker.api.system;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The broker's version, in TBMQ's shape. RelayMQ does not ask the internet for releases, so
 * {@code newestVersion} is always "unknown".
 */
@RestController
class SystemInfoController {

    record SystemInfo(String newestVersion, String version, String artifact, String name) {}

    private final ObjectProvider<BuildProperties> build;

    SystemInfoController(ObjectProvider<BuildProperties> build) {
        this.build = build;
    }

    @GetMapping("/api/system/info")
    SystemInfo info() {
        BuildProperties properties = build.getIfAvailable();
        if (properties == null) {
            return new SystemInfo("unknown", "unknown", null, null);
        }
        return new SystemInfo("unknown", properties.getVersion(), properties.getArtifact(), properties.getName());
    }
}

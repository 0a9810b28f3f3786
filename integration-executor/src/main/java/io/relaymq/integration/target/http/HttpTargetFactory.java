package io.relaymq.integration.target.http;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.TargetFactory;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;

/**
 * HTTP integrations: one request per message with the JDK HTTP client, one client (and connection pool) per
 * integration, redirects never followed.
 */
public final class HttpTargetFactory implements TargetFactory {

    private final MessageJson json;

    public HttpTargetFactory(MessageJson json) {
        this.json = json;
    }

    @Override
    public IntegrationType type() {
        return IntegrationType.HTTP;
    }

    @Override
    public List<String> validate(JsonNode configuration) {
        List<String> problems = new ArrayList<>();
        HttpSettings.parse(configuration, problems);
        return problems;
    }

    @Override
    public Target open(IntegrationDefinition definition) throws DeliveryException {
        List<String> problems = new ArrayList<>();
        HttpSettings settings = HttpSettings.parse(definition.configuration(), problems);
        if (!problems.isEmpty()) {
            throw new DeliveryException("configuration refused: " + String.join("; ", problems), false);
        }
        ExecutorService threads = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "integration-http-" + definition.id());
            t.setDaemon(true);
            return t;
        });
        HttpClient.Builder builder = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(settings.connectTimeout())
                .executor(threads);
        if (settings.caPem() != null) {
            try {
                builder.sslContext(PemTrust.context(settings.caPem()));
            } catch (GeneralSecurityException e) {
                threads.shutdownNow();
                throw new DeliveryException("tls.caCertificatePem cannot be used: " + e.getMessage(), false, e);
            }
        }
        return new HttpTarget(settings, builder.build(), threads, json);
    }
}

package io.relaymq.integration;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.integration.executor.HostKafka;
import io.relaymq.integration.executor.IntegrationExecutor;
import io.relaymq.integration.executor.IntegrationExecutorProperties;
import io.relaymq.integration.executor.Targets;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.TargetFactory;
import io.relaymq.integration.target.http.HttpTargetFactory;
import io.relaymq.integration.target.kafka.KafkaTargetFactory;
import io.relaymq.integration.target.mqtt.MqttBridgeTargetFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds the integration executor from {@code relaymq.integration-executor.*} and every {@link TargetFactory}
 * bean, and runs it with the application context ({@link IntegrationExecutorLifecycle}). The broker imports
 * this class to run an executor inside a node; {@link IntegrationExecutorApplication} runs it on its own.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IntegrationExecutorProperties.class)
public class IntegrationExecutorConfiguration {

    @Bean
    HttpTargetFactory httpTargetFactory(ObjectProvider<JsonMapper> mapper) {
        return new HttpTargetFactory(messageJson(mapper));
    }

    @Bean
    KafkaTargetFactory kafkaTargetFactory(ObjectProvider<JsonMapper> mapper) {
        return new KafkaTargetFactory(messageJson(mapper));
    }

    @Bean
    MqttBridgeTargetFactory mqttBridgeTargetFactory() {
        return new MqttBridgeTargetFactory();
    }

    private static MessageJson messageJson(ObjectProvider<JsonMapper> mapper) {
        return new MessageJson(mapper.getIfAvailable(() -> JsonMapper.builder().build()));
    }

    /** The configuration check the admin API runs before it saves an integration. */
    @Bean
    Targets integrationTargets(List<TargetFactory> factories) {
        return new Targets(factories);
    }

    @Bean
    IntegrationExecutor integrationExecutor(
            IntegrationExecutorProperties properties,
            Targets targets,
            ObjectProvider<JsonMapper> mapper,
            ObjectProvider<MeterRegistry> meters,
            ObjectProvider<HostKafka> hostKafka) {
        HostKafka host = hostKafka.getIfAvailable();
        IntegrationExecutorProperties connected = host == null ? properties : properties.with(host);
        IntegrationExecutorProperties named =
                connected.executorId().isBlank() ? connected.withExecutorId(defaultExecutorId()) : connected;
        return new IntegrationExecutor(
                named,
                targets,
                mapper.getIfAvailable(() -> JsonMapper.builder().build()),
                meters.getIfAvailable(SimpleMeterRegistry::new),
                Clock.systemUTC());
    }

    @Bean
    IntegrationExecutorLifecycle integrationExecutorLifecycle(
            IntegrationExecutor executor, IntegrationExecutorProperties properties) {
        return new IntegrationExecutorLifecycle(executor, properties.enabled());
    }

    /** The host name and six random hex digits, so two executors on one host differ. */
    static String defaultExecutorId() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "executor";
        }
        byte[] random = new byte[3];
        new SecureRandom().nextBytes(random);
        String clean = host.replaceAll("[^A-Za-z0-9._-]", "-");
        return (clean.length() > 100 ? clean.substring(0, 100) : clean) + "-"
                + HexFormat.of().formatHex(random);
    }
}

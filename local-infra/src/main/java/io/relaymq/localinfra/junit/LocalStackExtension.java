package io.relaymq.localinfra.junit;

import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackEndpoints;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts one local stack (Kafka, Redis Cluster, PostgreSQL) per test JVM and shares it with every test
 * class that uses this extension; it is stopped when the JVM's tests are done. Before each class it
 * publishes the broker's connection settings ({@code KAFKA_BOOTSTRAP_SERVERS}, {@code REDIS_NODES},
 * {@code SPRING_DATASOURCE_*}) as system properties, so a Spring Boot test context finds the stack.
 * Test methods and constructors can take {@link LocalStack} or {@link StackEndpoints} parameters.
 * {@code RELAYMQ_EXTERNAL_*} variables swap in external servers (see ExternalServers).
 */
public final class LocalStackExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(LocalStackExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        shared(context).endpoints().brokerEnvironment().forEach(System::setProperty);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == LocalStack.class || type == StackEndpoints.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        SharedStack shared = shared(context);
        return parameter.getParameter().getType() == LocalStack.class ? shared.stack() : shared.endpoints();
    }

    private static SharedStack shared(ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(SharedStack.class, key -> SharedStack.start(), SharedStack.class);
    }
}

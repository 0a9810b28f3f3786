package io.relaymq.broker.support;

import java.io.IOException;
import java.util.List;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/** The node's shipped {@code application.yml}, bound as Spring Boot binds it, below the given overrides. */
public final class ShippedConfiguration {

    private ShippedConfiguration() {}

    public static <T> T bind(String prefix, Class<T> type, List<PropertySource<?>> overrides) throws IOException {
        MutablePropertySources sources = new MutablePropertySources();
        overrides.forEach(sources::addLast);
        new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))
                .forEach(sources::addLast);
        Binder binder = new Binder(
                ConfigurationPropertySources.from(sources), new PropertySourcesPlaceholdersResolver(sources));
        return binder.bind(prefix, type).get();
    }
}

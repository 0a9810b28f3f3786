package io.relaymq.broker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;

/**
 * One RelayMQ broker node. Admin API users live in PostgreSQL, so Spring Boot's generated in-memory user
 * (and the password it would print) is switched off.
 */
@SpringBootApplication(exclude = UserDetailsServiceAutoConfiguration.class)
@ConfigurationPropertiesScan
public class RelayMqBrokerApplication {

    public static void main(String[] args) {
        SpringApplication.run(RelayMqBrokerApplication.class, args);
    }
}

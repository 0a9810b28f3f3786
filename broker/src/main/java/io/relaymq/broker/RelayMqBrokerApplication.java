package io.relaymq.broker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** One RelayMQ broker node. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class RelayMqBrokerApplication {

    public static void main(String[] args) {
        SpringApplication.run(RelayMqBrokerApplication.class, args);
    }
}

package io.relaymq.broker.kafka;

import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/** UP while the Kafka cluster answers a describe-cluster call within the API timeout. */
@Component("kafka")
class KafkaHealthIndicator extends AbstractHealthIndicator {

    private final Admin admin;
    private final KafkaProperties kafka;

    KafkaHealthIndicator(Admin admin, KafkaProperties kafka) {
        super("Kafka health check failed");
        this.admin = admin;
        this.kafka = kafka;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        long timeout = kafka.apiTimeout().toMillis();
        DescribeClusterResult cluster = admin.describeCluster();
        builder.up()
                .withDetail("clusterId", cluster.clusterId().get(timeout, TimeUnit.MILLISECONDS))
                .withDetail(
                        "brokers",
                        cluster.nodes().get(timeout, TimeUnit.MILLISECONDS).size());
    }
}

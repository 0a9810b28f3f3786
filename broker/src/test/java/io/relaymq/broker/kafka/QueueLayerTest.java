package io.relaymq.broker.kafka;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The queue layer keeps its promise: Kafka clients are made in one place ({@link KafkaClients}) and polled in one
 * loop ({@link ConsumerLoop}). Before it, sixteen call sites in twelve classes built their own clients and two
 * classes ran poll loops of their own, without the loop's retries, dead letters, restart metric or health.
 */
class QueueLayerTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.relaymq.broker");
    }

    @Test
    void onlyKafkaClientsCreatesKafkaClients() {
        noClasses()
                .that()
                .doNotHaveFullyQualifiedName(KafkaClients.class.getName())
                .should()
                .callConstructorWhere(targetOwnerIs(KafkaProducer.class).or(targetOwnerIs(KafkaConsumer.class)))
                .orShould()
                .callMethod(Admin.class, "create", java.util.Map.class)
                .orShould()
                .callMethod(Admin.class, "create", java.util.Properties.class)
                .because("every client gets the node's connection settings, client id and meters in one place")
                .check(main);
    }

    @Test
    void onlyTheConsumerLoopPollsForever() {
        noClasses()
                .that()
                .doNotHaveFullyQualifiedName(ConsumerLoop.class.getName())
                // a bounded read of one partition range on request, not a loop
                .and()
                .doNotHaveFullyQualifiedName("io.relaymq.broker.routing.TokenScan")
                .should()
                .callMethodWhere(targetOwnerIs(Consumer.class).and(named("poll")))
                .orShould()
                .callMethodWhere(targetOwnerIs(KafkaConsumer.class).and(named("poll")))
                .because("a poll loop needs the retries, dead letters, restarts and health of ConsumerLoop")
                .check(main);
    }

    private static DescribedPredicate<JavaCall<?>> targetOwnerIs(Class<?> type) {
        return DescribedPredicate.describe(
                "target owner is " + type.getSimpleName(),
                call -> call.getTargetOwner().isEquivalentTo(type));
    }

    private static DescribedPredicate<JavaCall<?>> named(String method) {
        return DescribedPredicate.describe(
                "target is " + method, call -> call.getName().equals(method));
    }
}

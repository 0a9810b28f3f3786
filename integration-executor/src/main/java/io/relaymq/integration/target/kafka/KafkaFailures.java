package io.relaymq.integration.target.kafka;

import io.relaymq.integration.target.DeliveryException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Says whether a failed send may succeed when tried again.
 *
 * <ul>
 *   <li>Not retryable: what is wrong with this record (too large, an invalid topic, a value the client cannot
 *       write); trying it again gives the same answer.
 *   <li>Retryable: timeouts, broken connections, too few in-sync replicas and every other error Kafka calls
 *       retriable; and refused credentials or missing ACLs, because they concern the integration rather than
 *       the message, and an operator who fixes them on the cluster should not find every message sent in the
 *       meantime among the dead letters.
 *   <li>Any other Kafka error is retryable, and the target replaces its producer, which such an error may have
 *       left unusable.
 * </ul>
 */
final class KafkaFailures {

    private KafkaFailures() {}

    static DeliveryException classify(Throwable failure, String topic) {
        String reason = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        if (failure instanceof RecordTooLargeException || failure instanceof RecordBatchTooLargeException) {
            return new DeliveryException(
                    "the record is too large for topic " + topic + " (" + reason + ")", false, failure);
        }
        if (failure instanceof InvalidTopicException || failure instanceof SerializationException) {
            return new DeliveryException(
                    "Kafka refused the record for topic " + topic + " (" + reason + ")", false, failure);
        }
        if (failure instanceof AuthenticationException || failure instanceof AuthorizationException) {
            return new DeliveryException(
                    "Kafka refused the credentials or ACLs for topic " + topic + " (" + reason + ")", true, failure);
        }
        if (failure instanceof RetriableException) {
            return new DeliveryException(
                    "Kafka did not acknowledge the record for topic " + topic + " (" + reason + ")", true, failure);
        }
        return new DeliveryException("sending to topic " + topic + " failed (" + reason + ")", true, failure);
    }

    /** True for failures after which the producer is replaced before the next send. */
    static boolean breaksProducer(Throwable failure) {
        return failure instanceof KafkaException
                && !(failure instanceof RetriableException
                        || failure instanceof RecordTooLargeException
                        || failure instanceof RecordBatchTooLargeException
                        || failure instanceof InvalidTopicException
                        || failure instanceof SerializationException
                        || failure instanceof AuthenticationException
                        || failure instanceof AuthorizationException);
    }
}

package io.relaymq.integration.target;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Checks the configuration of one integration type and opens its targets. */
public interface TargetFactory {

    IntegrationType type();

    /**
     * The problems with a configuration, one readable sentence each naming the field; empty when it is valid.
     * Called by the admin API before an integration is saved, so every size and range is checked here.
     */
    List<String> validate(JsonNode configuration);

    /** Opens a target for a definition whose configuration {@link #validate} accepted. */
    Target open(IntegrationDefinition definition) throws DeliveryException;
}

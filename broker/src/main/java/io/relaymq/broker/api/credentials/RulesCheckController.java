package io.relaymq.broker.api.credentials;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.dao.credentials.AuthRules;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console's "test this topic against the rules": whether a client with these publish and subscribe
 * patterns (and these placeholder values) may publish to {@code topic} and subscribe to it as a filter,
 * decided by the same rules the broker applies to clients. Nothing is stored.
 */
@RestController
class RulesCheckController {

    /** The rules to try, as credentials hold them, and what {@code ${clientId}}, {@code ${username}}, {@code ${cn}} stand for. */
    record Request(
            @Size(max = AclRules.MAX_PATTERNS) List<@NotNull String> pubAuthRulePatterns,
            @Size(max = AclRules.MAX_PATTERNS) List<@NotNull String> subAuthRulePatterns,
            @NotEmpty @Size(max = 65_535) String topic,
            @Size(max = 65_535) String clientId,
            @Size(max = 65_535) String username,
            @Size(max = 65_535) String cn) {}

    record Result(boolean publishAllowed, boolean subscribeAllowed) {}

    @PostMapping("/api/mqtt/client/credentials/rules/check")
    Result check(@Valid @RequestBody Request request) {
        AuthRules rules = new AuthRules(request.pubAuthRulePatterns(), request.subAuthRulePatterns());
        AclRules.validate(rules);
        AclRules acl = AclRules.of(rules, new PlaceholderValues(request.clientId(), request.username(), request.cn()));
        return new Result(acl.mayPublish(request.topic()), acl.maySubscribe(request.topic()));
    }
}

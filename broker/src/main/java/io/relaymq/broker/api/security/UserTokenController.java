package io.relaymq.broker.api.security;

import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * TBMQ's "log in as another user" calls, answered as switched off. Every RelayMQ admin is a SYS_ADMIN
 * with the same powers, so a token of another admin would only let one act under the other's name; the
 * UI asks first and hides the action when the answer is false.
 */
@RestController
@RequestMapping("/api/admin/user")
class UserTokenController {

    static final String DISABLED = "user token access is disabled: RelayMQ does not issue one admin's token to another";

    @GetMapping("/tokenAccessEnabled")
    boolean tokenAccessEnabled() {
        return false;
    }

    @GetMapping("/{userId}/token")
    JwtTokens.TokenPair userToken(@PathVariable UUID userId) {
        throw new ResponseStatusException(HttpStatus.FORBIDDEN, DISABLED);
    }
}

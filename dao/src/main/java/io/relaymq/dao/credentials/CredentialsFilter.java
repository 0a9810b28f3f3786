package io.relaymq.dao.credentials;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.jdbc.Like;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which credentials a list shows, as TBMQ's {@code /api/v2/mqtt/client/credentials} filters them: every
 * text is a case-insensitive "contains" (null or empty: no condition), every set a membership (empty: no
 * condition). {@code clientId} looks into basic credentials, {@code username} into basic and SCRAM ones, {@code certificateCn}
 * into the common-name pattern of SSL credentials.
 */
public record CredentialsFilter(
        String name,
        Set<ClientType> clientTypes,
        Set<CredentialsType> credentialsTypes,
        String clientId,
        String username,
        String certificateCn) {

    public CredentialsFilter {
        clientTypes = clientTypes == null
                ? Set.of()
                : clientTypes.stream().filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
        credentialsTypes = credentialsTypes == null
                ? Set.of()
                : credentialsTypes.stream().filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
    }

    /** Only a name search, as the first version of the list has. */
    public static CredentialsFilter byName(String name) {
        return new CredentialsFilter(name, Set.of(), Set.of(), null, null, null);
    }

    /** The SQL condition; its placeholders take {@link #arguments()} in order. */
    String where() {
        List<String> conditions = new ArrayList<>();
        conditions.add("name ILIKE ?");
        if (!clientTypes.isEmpty()) {
            conditions.add("client_type IN (" + placeholders(clientTypes.size()) + ")");
        }
        if (!credentialsTypes.isEmpty()) {
            conditions.add("credentials_type IN (" + placeholders(credentialsTypes.size()) + ")");
        }
        if (present(clientId)) {
            conditions.add("credentials_type = 'MQTT_BASIC' AND credentials_value::jsonb ->> 'clientId' ILIKE ?");
        }
        if (present(username)) {
            conditions.add(
                    "credentials_type IN ('MQTT_BASIC', 'SCRAM') AND credentials_value::jsonb ->> 'userName' ILIKE ?");
        }
        if (present(certificateCn)) {
            conditions.add("credentials_type = 'SSL' AND credentials_value::jsonb ->> 'certCnPattern' ILIKE ?");
        }
        return String.join(" AND ", conditions);
    }

    List<Object> arguments() {
        List<Object> args = new ArrayList<>();
        args.add(Like.pattern(name));
        clientTypes.stream().map(Enum::name).sorted().forEach(args::add);
        credentialsTypes.stream().map(Enum::name).sorted().forEach(args::add);
        for (String text : new String[] {clientId, username, certificateCn}) {
            if (present(text)) {
                args.add(Like.pattern(text));
            }
        }
        return args;
    }

    private static boolean present(String text) {
        return text != null && !text.isEmpty();
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }
}

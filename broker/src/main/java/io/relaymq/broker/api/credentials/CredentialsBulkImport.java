package io.relaymq.broker.api.credentials;

import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.BasicCredentials;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * TBMQ's bulk import of MQTT_BASIC credentials: a CSV text in {@code file} whose columns {@code mapping}
 * names by position. A row whose NAME exists already updates those credentials (they must be MQTT_BASIC,
 * and a password they have already cannot be replaced this way); any other row creates new credentials.
 * Empty cells leave a value as it is (on create: no client id / user name / password, all topics allowed);
 * DESCRIPTION goes to {@code additionalInfo.description}.
 * Each row is saved on its own; a bad row is reported as "Line N: reason" and does not stop the others.
 */
final class CredentialsBulkImport {

    static final int MAX_ROWS = CredentialsCsvImport.MAX_ROWS;

    /** What a CSV column holds, with TBMQ's names. */
    enum ColumnType {
        NAME,
        DESCRIPTION,
        CLIENT_TYPE,
        CLIENT_ID,
        USERNAME,
        PASSWORD,
        SUB_AUTH_RULE_PATTERNS,
        PUB_AUTH_RULE_PATTERNS
    }

    /** One column; {@code key} is a label for the user's own reference. */
    record Column(@NotNull ColumnType type, @Size(max = 255) String key) {}

    record Mapping(
            @NotNull @Size(min = 1, max = 16) List<@Valid @NotNull Column> columns,
            Character delimiter,
            Character authRulesDelimiter,
            boolean header) {}

    record Request(
            @NotNull @Size(max = 4_000_000) String file,
            @NotNull @Valid Mapping mapping) {}

    record Result(int created, int updated, int errors, List<String> errorsList) {}

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CredentialsService service;
    private final CredentialsRepository repository;

    CredentialsBulkImport(CredentialsService service, CredentialsRepository repository) {
        this.service = service;
        this.repository = repository;
    }

    Result run(Request request) {
        Mapping mapping = request.mapping();
        if (mapping.columns().stream().noneMatch(c -> c.type() == ColumnType.NAME)) {
            throw new IllegalArgumentException("the mapping must have a NAME column");
        }
        char delimiter = mapping.delimiter() == null ? ',' : mapping.delimiter();
        char rulesDelimiter = mapping.authRulesDelimiter() == null ? ';' : mapping.authRulesDelimiter();
        List<List<String>> rows = CsvRows.parse(request.file(), delimiter);
        int first = mapping.header() ? 1 : 0;
        if (rows.size() - first > MAX_ROWS) {
            throw new IllegalArgumentException("at most " + MAX_ROWS + " rows per import");
        }
        int created = 0;
        int updated = 0;
        List<String> errors = new ArrayList<>();
        for (int i = first; i < rows.size(); i++) {
            try {
                if (importRow(cells(rows.get(i), mapping.columns()), rulesDelimiter)) {
                    updated++;
                } else {
                    created++;
                }
            } catch (IllegalArgumentException | NoSuchElementException e) {
                errors.add("Line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new Result(created, updated, errors.size(), errors);
    }

    /** Saves one row; true when it updated existing credentials. */
    private boolean importRow(Map<ColumnType, String> cells, char rulesDelimiter) {
        String name = cells.get(ColumnType.NAME);
        if (name == null) {
            throw new IllegalArgumentException("NAME is empty");
        }
        Optional<MqttClientCredentials> existing = repository.findByName(name);
        BasicCredentials old = existing.map(c -> {
                    if (c.credentialsType() != CredentialsType.MQTT_BASIC) {
                        throw new IllegalArgumentException(
                                "credentials named '" + name + "' exist and are not MQTT_BASIC");
                    }
                    return CredentialsJson.basic(c.credentialsValue());
                })
                .orElse(new BasicCredentials(null, null, null, AuthRules.ALLOW_ALL));
        String password = cells.get(ColumnType.PASSWORD);
        if (password != null && old.password() != null) {
            throw new IllegalArgumentException("the password of '" + name + "' cannot be changed by an import");
        }
        AuthRules rules = new AuthRules(
                patterns(
                        cells.get(ColumnType.PUB_AUTH_RULE_PATTERNS),
                        rulesDelimiter,
                        old.authRules().pubAuthRulePatterns()),
                patterns(
                        cells.get(ColumnType.SUB_AUTH_RULE_PATTERNS),
                        rulesDelimiter,
                        old.authRules().subAuthRulePatterns()));
        BasicCredentials value = new BasicCredentials(
                or(cells.get(ColumnType.CLIENT_ID), old.clientId()),
                or(cells.get(ColumnType.USERNAME), old.userName()),
                password != null ? password : old.password(),
                rules);
        String typeText = cells.get(ColumnType.CLIENT_TYPE);
        ClientType clientType = typeText != null
                ? clientType(typeText)
                : existing.map(MqttClientCredentials::clientType).orElse(ClientType.DEVICE);
        service.save(
                existing.map(MqttClientCredentials::id).orElse(null),
                name,
                clientType,
                CredentialsType.MQTT_BASIC,
                CredentialsJson.write(value),
                withDescription(
                        existing.map(MqttClientCredentials::additionalInfo).orElse(null),
                        cells.get(ColumnType.DESCRIPTION)));
        return existing.isPresent();
    }

    /** The additional info with {@code description} set in it; null (keep it) when there is no description. */
    private static String withDescription(String additionalInfo, String description) {
        if (description == null) {
            return null;
        }
        ObjectNode info = additionalInfo == null ? JSON.createObjectNode() : (ObjectNode) JSON.readTree(additionalInfo);
        info.put("description", description);
        return info.toString();
    }

    private static Map<ColumnType, String> cells(List<String> row, List<Column> columns) {
        Map<ColumnType, String> cells = new EnumMap<>(ColumnType.class);
        for (int i = 0; i < columns.size() && i < row.size(); i++) {
            ColumnType type = columns.get(i).type();
            // a password is taken as it is; other cells lose surrounding blanks
            String value = type == ColumnType.PASSWORD ? row.get(i) : row.get(i).strip();
            if (!value.isEmpty()) {
                cells.put(type, value);
            }
        }
        return cells;
    }

    private static ClientType clientType(String text) {
        try {
            return ClientType.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("CLIENT_TYPE must be DEVICE or APPLICATION, not " + text);
        }
    }

    private static List<String> patterns(String cell, char delimiter, List<String> otherwise) {
        if (cell == null) {
            return otherwise;
        }
        return Arrays.stream(cell.split(Pattern.quote(String.valueOf(delimiter))))
                .map(String::strip)
                .filter(p -> !p.isEmpty())
                .toList();
    }

    private static String or(String value, String otherwise) {
        return value != null ? value : otherwise;
    }
}

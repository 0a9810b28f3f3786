package io.relaymq.broker.api.credentials;

import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.BasicCredentials;
import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Bulk import of MQTT_BASIC credentials from CSV. The first row names the columns, in any order:
 * {@code name} (required), {@code clientType} (DEVICE or APPLICATION, default DEVICE), {@code clientId},
 * {@code userName}, {@code password}, {@code pubAuthRulePatterns} and {@code subAuthRulePatterns}
 * (several separated by {@code ;}, empty: allow all). Each row is saved on its own: a bad row is reported
 * with its line number and does not stop the others. A row whose client id and user name are taken
 * already is an error, or replaces those credentials when {@code update} is set.
 */
final class CredentialsCsvImport {

    static final int MAX_ROWS = CsvRows.MAX_ROWS - 1;

    /** What the import did; {@code errors} hold "line N: reason". */
    record Result(int created, int updated, List<String> errors) {}

    private final CredentialsService service;
    private final CredentialsRepository repository;

    CredentialsCsvImport(CredentialsService service, CredentialsRepository repository) {
        this.service = service;
        this.repository = repository;
    }

    Result run(String csv, boolean update) {
        List<List<String>> rows = CsvRows.parse(csv);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("the CSV is empty; its first row must name the columns");
        }
        if (rows.size() - 1 > MAX_ROWS) {
            throw new IllegalArgumentException("at most " + MAX_ROWS + " rows per import");
        }
        Map<String, Integer> columns = columns(rows.get(0));
        int created = 0;
        int updated = 0;
        List<String> errors = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            try {
                if (importRow(rows.get(i), columns, update)) {
                    updated++;
                } else {
                    created++;
                }
            } catch (IllegalArgumentException e) {
                errors.add("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new Result(created, updated, errors);
    }

    /** Saves one row; true when it replaced existing credentials. */
    private boolean importRow(List<String> row, Map<String, Integer> columns, boolean update) {
        String name = cell(row, columns, "name");
        if (name == null) {
            throw new IllegalArgumentException("name is empty");
        }
        String clientTypeText = cell(row, columns, "clienttype");
        ClientType clientType = clientTypeText == null ? ClientType.DEVICE : parseClientType(clientTypeText);
        String clientId = cell(row, columns, "clientid");
        String userName = cell(row, columns, "username");
        AuthRules rules = new AuthRules(
                patterns(cell(row, columns, "pubauthrulepatterns")),
                patterns(cell(row, columns, "subauthrulepatterns")));
        BasicCredentials value = new BasicCredentials(clientId, userName, cell(row, columns, "password"), rules);
        UUID existing = null;
        if (clientId != null || userName != null) {
            existing = repository
                    .findByCredentialsId(CredentialsIds.basic(clientId, userName))
                    .map(MqttClientCredentials::id)
                    .orElse(null);
        }
        if (existing != null && !update) {
            throw new IllegalArgumentException("credentials for this clientId/userName exist already");
        }
        service.save(existing, name, clientType, CredentialsType.MQTT_BASIC, CredentialsJson.write(value));
        return existing != null;
    }

    private static Map<String, Integer> columns(List<String> header) {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            columns.put(header.get(i).strip().toLowerCase(Locale.ROOT), i);
        }
        if (!columns.containsKey("name")) {
            throw new IllegalArgumentException("the header row must have a 'name' column, found " + header);
        }
        return columns;
    }

    private static String cell(List<String> row, Map<String, Integer> columns, String column) {
        Integer index = columns.get(column);
        if (index == null || index >= row.size()) {
            return null;
        }
        String value = row.get(index).strip();
        return value.isEmpty() ? null : value;
    }

    private static ClientType parseClientType(String text) {
        try {
            return ClientType.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("clientType must be DEVICE or APPLICATION, not " + text);
        }
    }

    private static List<String> patterns(String cell) {
        return cell == null
                ? List.of(".*")
                : Arrays.stream(cell.split(";"))
                        .map(String::strip)
                        .filter(p -> !p.isEmpty())
                        .toList();
    }
}

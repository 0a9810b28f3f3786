package io.relaymq.broker.api.credentials;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV: comma-separated cells (or another delimiter), cells in double quotes may hold commas, line breaks and doubled
 * quotes; CRLF or LF line ends; blank lines are skipped.
 */
final class CsvRows {

    /** Rows (the header included) one import may have. */
    static final int MAX_ROWS = 10_001;

    /** Cells one row may have. */
    static final int MAX_CELLS = 64;

    private CsvRows() {}

    static List<List<String>> parse(String csv) {
        return parse(csv, ',');
    }

    /** The same with another cell delimiter (for example {@code ;}, {@code |} or a tab). */
    static List<List<String>> parse(String csv, char delimiter) {
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("the delimiter cannot be a quote or a line break");
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"' && cell.isEmpty()) {
                quoted = true;
            } else if (c == delimiter) {
                row.add(cell.toString());
                cell.setLength(0);
                if (row.size() >= MAX_CELLS) {
                    throw new IllegalArgumentException(
                            "row " + (rows.size() + 1) + " has more than " + MAX_CELLS + " cells");
                }
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                    i++;
                }
                endRow(rows, row, cell);
                row = new ArrayList<>();
                if (rows.size() > MAX_ROWS) {
                    throw new IllegalArgumentException("at most " + (MAX_ROWS - 1) + " rows per import");
                }
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("the CSV ends inside a quoted cell");
        }
        endRow(rows, row, cell);
        return rows;
    }

    private static void endRow(List<List<String>> rows, List<String> row, StringBuilder cell) {
        row.add(cell.toString());
        cell.setLength(0);
        if (row.size() > 1 || !row.get(0).isBlank()) {
            rows.add(row);
        }
    }
}

package io.relaymq.localinfra.process;

import java.util.ArrayList;
import java.util.List;

/** Prefixes a command with {@code setsid} where the OS has it, so the child leaves our process group. */
final class OwnSession {

    private static final boolean AVAILABLE = Executables.find("setsid").isPresent();

    private OwnSession() {}

    static List<String> wrap(List<String> command) {
        if (!AVAILABLE) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(command.size() + 1);
        wrapped.add("setsid");
        wrapped.addAll(command);
        return wrapped;
    }
}

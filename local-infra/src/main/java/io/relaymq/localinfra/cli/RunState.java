package io.relaymq.localinfra.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * What one launcher run has started, as its shutdown hook sees it. Ctrl-C may come at any moment, also while
 * the stack or a node is still starting, so a node is recorded in the same step that creates its process, no
 * node starts once stopping began, and the stack is stopped only after its own start has returned (a stack
 * whose start failed or is cut short stops the servers it has).
 */
final class RunState {

    /** Creates a node process. */
    interface NodeStart {
        Process start() throws Exception;
    }

    private final Object lock = new Object();
    private final CountDownLatch stackStartEnded = new CountDownLatch(1);
    private final List<Process> nodes = new ArrayList<>();
    private boolean stopping;

    /** Starts a node and records it, unless stopping began: then nothing starts. */
    Optional<Process> startNode(NodeStart start) throws Exception {
        synchronized (lock) {
            if (stopping) {
                return Optional.empty();
            }
            Process node = start.start();
            nodes.add(node);
            return Optional.of(node);
        }
    }

    /** The stack's start returned or failed: from now on it can be stopped as a whole. */
    void stackStartEnded() {
        stackStartEnded.countDown();
    }

    /** For the hook: no node starts from now on; these are the nodes started so far. */
    List<Process> beginStopping() {
        synchronized (lock) {
            stopping = true;
            return List.copyOf(nodes);
        }
    }

    /** Whether Ctrl-C (or another exit) began stopping the run. */
    boolean stopping() {
        synchronized (lock) {
            return stopping;
        }
    }

    /** For the hook: waits until the stack's start has returned (each server's start is bounded). */
    void awaitStackStartEnded() throws InterruptedException {
        stackStartEnded.await();
    }
}

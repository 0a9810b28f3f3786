package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.dao.appsession.ApplicationSessionCtx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One write at a time per session, and what is asked for meanwhile is folded into one write of the newest state. */
class ContextWritesTest {

    private final AtomicLong state = new AtomicLong();
    private final List<Long> written = new ArrayList<>();
    private final List<CompletableFuture<Void>> running = new ArrayList<>();
    private final ContextWrites writes = new ContextWrites(
            () -> new ApplicationSessionCtx("app", state.get(), List.of(), List.of()),
            ctx -> {
                written.add(ctx.lastUpdatedTime());
                CompletableFuture<Void> done = new CompletableFuture<>();
                running.add(done);
                return done;
            },
            Runnable::run);

    @Test
    void requestsWhileAWriteRunsBecomeOneWriteOfTheNewestState() {
        state.set(1);
        writes.request();
        state.set(2);
        writes.request();
        state.set(3);
        writes.request();
        assertThat(written).as("one at a time").containsExactly(1L);

        running.get(0).complete(null);
        assertThat(written).containsExactly(1L, 3L);

        running.get(1).complete(null);
        assertThat(written).as("nothing asked for meanwhile").hasSize(2);
    }

    @Test
    void aFailedWriteDoesNotStopTheNext() {
        writes.request();
        writes.request();
        running.get(0).completeExceptionally(new IllegalStateException("PostgreSQL down"));
        assertThat(written).hasSize(2);
    }

    @Test
    void aWaiterIsToldOnlyAfterAWriteThatHoldsItsState() {
        List<String> told = new ArrayList<>();
        state.set(1);
        writes.request();
        state.set(2);
        writes.request(error -> told.add("pubrel of state 2" + (error == null ? "" : " failed")));
        running.get(0).complete(null);
        assertThat(told).as("the first write was taken before state 2").isEmpty();
        assertThat(written).containsExactly(1L, 2L);

        running.get(1).complete(null);
        assertThat(told).containsExactly("pubrel of state 2");
    }

    @Test
    void aWaiterLearnsOfAFailedWrite() {
        List<Throwable> told = new ArrayList<>();
        writes.request(told::add);
        running.get(0).completeExceptionally(new IllegalStateException("PostgreSQL down"));
        assertThat(told).singleElement().isInstanceOf(IllegalStateException.class);
    }
}

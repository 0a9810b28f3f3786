package io.relaymq.deployment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The Kubernetes "restricted" Pod Security Standard (the rules of the baseline level included), checked on a
 * pod spec as the admission controller checks it: host namespaces, privileged containers, capabilities,
 * host paths and ports, volume types, privilege escalation, non-root, seccomp, /proc mount, sysctls.
 */
final class RestrictedPodSecurity {

    private static final Set<String> VOLUME_TYPES = Set.of(
            "configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret");
    private static final Set<String> SAFE_SYSCTLS = Set.of(
            "kernel.shm_rmid_forced",
            "net.ipv4.ip_local_port_range",
            "net.ipv4.ip_unprivileged_port_start",
            "net.ipv4.tcp_syncookies",
            "net.ipv4.ping_group_range",
            "net.ipv4.ip_local_reserved_ports",
            "net.ipv4.tcp_keepalive_time",
            "net.ipv4.tcp_fin_timeout",
            "net.ipv4.tcp_keepalive_intvl",
            "net.ipv4.tcp_keepalive_probes");

    private RestrictedPodSecurity() {}

    /** What breaks the standard in {@code podSpec}, each naming {@code where}; empty when it meets it. */
    static List<String> violations(String where, Map<String, Object> podSpec) {
        List<String> found = new ArrayList<>();
        for (String host : List.of("hostNetwork", "hostPID", "hostIPC")) {
            if (Boolean.TRUE.equals(podSpec.get(host))) {
                found.add(where + ": " + host + " is true");
            }
        }
        Map<String, Object> podContext = map(podSpec.get("securityContext"));
        for (Map<String, Object> volume : maps(podSpec.get("volumes"))) {
            volume.keySet().stream()
                    .filter(key -> !key.equals("name") && !VOLUME_TYPES.contains(key))
                    .forEach(type -> found.add(where + ": volume " + volume.get("name") + " is of type " + type));
        }
        for (Map<String, Object> sysctl : maps(podContext.get("sysctls"))) {
            if (!SAFE_SYSCTLS.contains(String.valueOf(sysctl.get("name")))) {
                found.add(where + ": sysctl " + sysctl.get("name") + " is not a safe one");
            }
        }
        if (Objects.equals(podContext.get("runAsUser"), 0)) {
            found.add(where + ": the pod runs as user 0");
        }
        List<Map<String, Object>> containers = new ArrayList<>();
        for (String list : List.of("containers", "initContainers", "ephemeralContainers")) {
            containers.addAll(maps(podSpec.get(list)));
        }
        for (Map<String, Object> container : containers) {
            found.addAll(containerViolations(where + " container " + container.get("name"), podContext, container));
        }
        return found;
    }

    private static List<String> containerViolations(
            String where, Map<String, Object> podContext, Map<String, Object> container) {
        List<String> found = new ArrayList<>();
        Map<String, Object> context = map(container.get("securityContext"));
        if (Boolean.TRUE.equals(context.get("privileged"))) {
            found.add(where + ": privileged");
        }
        if (!Boolean.FALSE.equals(context.get("allowPrivilegeEscalation"))) {
            found.add(where + ": allowPrivilegeEscalation is not false");
        }
        Object nonRoot =
                context.containsKey("runAsNonRoot") ? context.get("runAsNonRoot") : podContext.get("runAsNonRoot");
        if (!Boolean.TRUE.equals(nonRoot)) {
            found.add(where + ": runAsNonRoot is not true");
        }
        if (Objects.equals(context.get("runAsUser"), 0)) {
            found.add(where + ": runs as user 0");
        }
        Map<String, Object> seccomp = map(
                context.containsKey("seccompProfile")
                        ? context.get("seccompProfile")
                        : podContext.get("seccompProfile"));
        if (!Set.of("RuntimeDefault", "Localhost").contains(String.valueOf(seccomp.get("type")))) {
            found.add(where + ": seccompProfile is not RuntimeDefault or Localhost");
        }
        Map<String, Object> capabilities = map(context.get("capabilities"));
        if (!strings(capabilities.get("drop")).contains("ALL")) {
            found.add(where + ": capabilities do not drop ALL");
        }
        strings(capabilities.get("add")).stream()
                .filter(c -> !c.equals("NET_BIND_SERVICE"))
                .forEach(c -> found.add(where + ": adds capability " + c));
        if (context.containsKey("procMount") && !"Default".equals(context.get("procMount"))) {
            found.add(where + ": procMount is " + context.get("procMount"));
        }
        for (Map<String, Object> port : maps(container.get("ports"))) {
            Object hostPort = port.get("hostPort");
            if (hostPort != null && !Objects.equals(hostPort, 0)) {
                found.add(where + ": hostPort " + hostPort);
            }
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> maps(Object value) {
        return value instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    private static List<String> strings(Object value) {
        return value instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}

package io.relaymq.broker.api.security;

import io.relaymq.broker.api.ApiPrincipal;
import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.dao.admin.AdminUser;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads the token from {@code X-Authorization: Bearer …} (TBMQ's header) or {@code Authorization: Bearer …},
 * verifies it, that its user still exists and is enabled, and that the user's password has not changed
 * since it was issued (its token version). A request without a token goes on
 * unauthenticated (public paths serve it, the rest answer 401); a bad token is answered 401 at once.
 */
public final class JwtAuthenticationFilter extends OncePerRequestFilter {

    private static final String PREFIX = "Bearer ";

    private final JwtTokens tokens;
    private final AdminUserService users;
    private final AuthenticationEntryPoint entryPoint;

    public JwtAuthenticationFilter(JwtTokens tokens, AdminUserService users, AuthenticationEntryPoint entryPoint) {
        this.tokens = tokens;
        this.users = users;
        this.entryPoint = entryPoint;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("X-Authorization");
        if (header == null) {
            header = request.getHeader("Authorization");
        }
        if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            chain.doFilter(request, response);
            return;
        }
        try {
            ApiPrincipal principal =
                    tokens.verifyAccess(header.substring(PREFIX.length()).strip());
            AdminUser user = users.activeUser(principal.userId())
                    .orElseThrow(() -> new BadTokenException("the token's user no longer exists or is disabled"));
            if (user.tokenVersion() != principal.tokenVersion()) {
                throw new BadTokenException(AdminTokens.STALE);
            }
            SecurityContextHolder.getContext()
                    .setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                            principal, null, List.of(new SimpleGrantedAuthority(principal.authority()))));
        } catch (BadTokenException e) {
            SecurityContextHolder.clearContext();
            entryPoint.commence(request, response, e);
            return;
        }
        chain.doFilter(request, response);
    }
}

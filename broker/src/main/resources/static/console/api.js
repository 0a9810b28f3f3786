// The admin API client: JSON in and out, the JWT in X-Authorization, one refresh on 401.

const TOKEN_KEY = 'relaymq.token';
const REFRESH_KEY = 'relaymq.refreshToken';

/** An error from the API carrying its HTTP status; `message` is the API's own error text. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export class Api {
  /** @param onAuthLost called when a request is refused and the refresh token no longer helps */
  constructor(onAuthLost) {
    this.onAuthLost = onAuthLost;
    this.refreshing = null;
  }

  get loggedIn() {
    return Boolean(sessionStorage.getItem(TOKEN_KEY));
  }

  async login(username, password) {
    const pair = await this.send('POST', '/api/auth/login', { username, password }, false);
    this.store(pair);
  }

  logout() {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(REFRESH_KEY);
  }

  /** The user's own logout: the node revokes the login's refresh tokens, then the tab forgets the pair. */
  async endLogin() {
    const refreshToken = sessionStorage.getItem(REFRESH_KEY);
    try {
      if (refreshToken) await this.send('POST', '/api/auth/logout', { refreshToken }, true);
    } catch (e) {
      // an expired access token: the refresh token expires on its own, nothing more to end here
    } finally {
      this.logout();
    }
  }

  get(path) { return this.request('GET', path); }
  post(path, body) { return this.request('POST', path, body); }
  put(path, body) { return this.request('PUT', path, body); }
  del(path) { return this.request('DELETE', path); }

  /** Sends a request with the token; on 401 refreshes the token once and retries. */
  async request(method, path, body) {
    try {
      return await this.send(method, path, body, true);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) throw e;
      if (!(await this.refresh())) {
        this.logout();
        this.onAuthLost();
        throw new ApiError(401, 'Your session has ended; please log in again.');
      }
      return this.send(method, path, body, true);
    }
  }

  async refresh() {
    const refreshToken = sessionStorage.getItem(REFRESH_KEY);
    if (!refreshToken) return false;
    // concurrent 401s share one refresh: a refresh token works only once
    if (!this.refreshing) {
      this.refreshing = this.send('POST', '/api/auth/token', { refreshToken }, false)
        .then((pair) => { this.store(pair); return true; })
        .catch(() => false)
        .finally(() => { this.refreshing = null; });
    }
    return this.refreshing;
  }

  store(pair) {
    sessionStorage.setItem(TOKEN_KEY, pair.token);
    sessionStorage.setItem(REFRESH_KEY, pair.refreshToken);
  }

  async send(method, path, body, withToken) {
    const headers = { Accept: 'application/json' };
    const init = { method, headers };
    if (body !== undefined) {
      if (typeof body === 'string') {
        headers['Content-Type'] = 'text/plain';
        init.body = body;
      } else {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (withToken && token) headers['X-Authorization'] = `Bearer ${token}`;
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError(0, `The node did not answer (${e.message}).`);
    }
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, errorText(response, text));
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
}

/** The API's error text: problem JSON's `detail`, else `message`, else the status line. */
function errorText(response, text) {
  try {
    const problem = JSON.parse(text);
    if (problem && typeof problem === 'object') {
      if (problem.detail) return String(problem.detail);
      if (problem.message) return String(problem.message);
    }
  } catch {
    // not JSON: fall through to the status line
  }
  return `${response.status} ${response.statusText || 'error'}`.trim();
}

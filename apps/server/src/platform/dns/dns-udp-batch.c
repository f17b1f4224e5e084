// Batched UDP for the built-in DNS responder (dns-udp-batch.ts loads it; why: docs/scale.md
// "DNS against PowerDNS"). Node's dgram socket costs a system call and a call into JavaScript per
// packet each way; this one takes up to BATCH queries with one recvmmsg, hands them to JavaScript
// in one call, and sends the answers JavaScript wrote with one sendmmsg. Answering stays in
// JavaScript (dns-answer.ts); this file only moves bytes.
//
// Built by scripts/build-native.mjs with the C compiler and Node's own headers; Node-API, so one
// build serves every Node version. Without it the responder uses Node's dgram sockets.
#define _GNU_SOURCE
#define NAPI_VERSION 8
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <node_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

// The layout JavaScript shares; dns-udp-batch.ts has the same numbers.
#define BATCH 64
#define QUERY_SLOT 4096
#define ANSWER_SLOT 1536
// Per query: its length (-1: larger than a slot), the source port, the family (4 or 6), and the
// answer's length, which JavaScript writes (0: no answer).
#define META_INTS 4
#define ADDRESS_BYTES 16
// Batches taken per readable wake-up before the event loop gets its turn (zones, TCP, close).
#define BATCHES_PER_WAKE 16

typedef struct {
  int fd;
  int closing;
  // Freed once both are set: the socket is closed, and JavaScript has let go of the handle.
  int closed;
  int finalized;
  uv_poll_t poll;
  napi_env env;
  napi_ref on_batch;
  napi_ref resource;
  napi_ref buffers[4];
  napi_async_context context;
  napi_async_cleanup_hook_handle cleanup;
  uint8_t *queries;
  uint8_t *answers;
  uint8_t *addresses;
  int32_t *meta;
  struct sockaddr_storage from[BATCH];
  struct mmsghdr in[BATCH];
  struct mmsghdr out[BATCH];
  struct iovec in_iov[BATCH];
  struct iovec out_iov[BATCH];
} batch_socket;

static napi_value throw_errno(napi_env env, int error, const char *call) {
  char message[160];
  snprintf(message, sizeof message, "%s: %s", call, strerror(error));
  napi_throw_error(env, uv_err_name(uv_translate_sys_error(error)), message);
  return NULL;
}

static void describe_query(batch_socket *s, int i) {
  int32_t *meta = s->meta + i * META_INTS;
  meta[0] = (s->in[i].msg_hdr.msg_flags & MSG_TRUNC) ? -1 : (int32_t)s->in[i].msg_len;
  meta[3] = 0;
  uint8_t *address = s->addresses + i * ADDRESS_BYTES;
  if (s->from[i].ss_family == AF_INET6) {
    struct sockaddr_in6 *from = (struct sockaddr_in6 *)&s->from[i];
    meta[1] = ntohs(from->sin6_port);
    meta[2] = 6;
    memcpy(address, &from->sin6_addr, 16);
  } else {
    struct sockaddr_in *from = (struct sockaddr_in *)&s->from[i];
    meta[1] = ntohs(from->sin_port);
    meta[2] = 4;
    memcpy(address, &from->sin_addr, 4);
  }
}

static int receive_batch(batch_socket *s) {
  for (int i = 0; i < BATCH; i++) {
    s->in_iov[i].iov_base = s->queries + i * QUERY_SLOT;
    s->in_iov[i].iov_len = QUERY_SLOT;
    struct msghdr *header = &s->in[i].msg_hdr;
    memset(header, 0, sizeof *header);
    header->msg_name = &s->from[i];
    header->msg_namelen = sizeof s->from[i];
    header->msg_iov = &s->in_iov[i];
    header->msg_iovlen = 1;
  }
  int count;
  do count = recvmmsg(s->fd, s->in, BATCH, MSG_DONTWAIT, NULL);
  while (count < 0 && errno == EINTR);
  for (int i = 0; i < count; i++) describe_query(s, i);
  return count;
}

// A full send buffer drops the rest (lost answers a client asks again for, as with dgram); a
// destination the kernel refuses is skipped.
static void send_answers(batch_socket *s, int count) {
  int ready = 0;
  for (int i = 0; i < count; i++) {
    int32_t length = s->meta[i * META_INTS + 3];
    if (length <= 0 || length > ANSWER_SLOT) continue;
    s->out_iov[ready].iov_base = s->answers + i * ANSWER_SLOT;
    s->out_iov[ready].iov_len = (size_t)length;
    struct msghdr *header = &s->out[ready].msg_hdr;
    memset(header, 0, sizeof *header);
    header->msg_name = &s->from[i];
    header->msg_namelen = s->in[i].msg_hdr.msg_namelen;
    header->msg_iov = &s->out_iov[ready];
    header->msg_iovlen = 1;
    ready++;
  }
  for (int sent = 0; sent < ready;) {
    int done = sendmmsg(s->fd, s->out + sent, (unsigned)(ready - sent), MSG_DONTWAIT);
    if (done > 0) sent += done;
    else if (errno == EINTR) continue;
    else if (errno == EAGAIN || errno == EWOULDBLOCK) break;
    else sent++;
  }
}

static void on_readable(uv_poll_t *poll, int status, int events) {
  (void)events;
  batch_socket *s = poll->data;
  if (status < 0 || s->closing) return;
  napi_env env = s->env;
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  napi_value on_batch, resource, count, result;
  napi_get_reference_value(env, s->on_batch, &on_batch);
  napi_get_reference_value(env, s->resource, &resource);
  for (int batch = 0; batch < BATCHES_PER_WAKE && !s->closing; batch++) {
    int received = receive_batch(s);
    if (received <= 0) break;
    napi_create_int32(env, received, &count);
    if (napi_make_callback(env, s->context, resource, on_batch, 1, &count, &result) != napi_ok) {
      // The JavaScript side catches its own errors; anything else is Node's to report.
      napi_value error;
      bool pending = false;
      napi_is_exception_pending(env, &pending);
      if (pending) napi_get_and_clear_last_exception(env, &error);
      break;
    }
    if (s->closing) break;
    send_answers(s, received);
    if (received < BATCH) break;
  }
  napi_close_handle_scope(env, scope);
}

static void release(batch_socket *s) {
  if (s->closed && s->finalized) free(s);
}

static void on_closed(uv_handle_t *handle) {
  batch_socket *s = handle->data;
  close(s->fd);
  napi_remove_async_cleanup_hook(s->cleanup);
  s->closed = 1;
  release(s);
}

static void on_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  batch_socket *s = data;
  s->finalized = 1;
  release(s);
}

static void start_closing(batch_socket *s) {
  if (s->closing) return;
  s->closing = 1;
  uv_poll_stop(&s->poll);
  uv_close((uv_handle_t *)&s->poll, on_closed);
}

// The thread or process ends without close(): the socket goes with it.
static void on_environment_cleanup(napi_async_cleanup_hook_handle handle, void *data) {
  (void)handle;
  start_closing(data);
}

static int parse_address(const char *host, int port, struct sockaddr_storage *address,
                         socklen_t *length) {
  memset(address, 0, sizeof *address);
  struct sockaddr_in *v4 = (struct sockaddr_in *)address;
  struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)address;
  if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons((uint16_t)port);
    *length = sizeof *v4;
    return AF_INET;
  }
  if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons((uint16_t)port);
    *length = sizeof *v6;
    return AF_INET6;
  }
  return -1;
}

static int bound_socket(napi_env env, const char *host, int port, bool reuse_port) {
  struct sockaddr_storage address;
  socklen_t length;
  int family = parse_address(host, port, &address, &length);
  if (family < 0) {
    napi_throw_type_error(env, "EINVAL", "the DNS host is not an IP address");
    return -1;
  }
  int fd = socket(family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return throw_errno(env, errno, "socket"), -1;
  int on = 1;
  if (reuse_port && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) < 0) {
    int error = errno;
    close(fd);
    return throw_errno(env, error, "setsockopt"), -1;
  }
  if (bind(fd, (struct sockaddr *)&address, length) < 0) {
    int error = errno;
    close(fd);
    return throw_errno(env, error, "bind"), -1;
  }
  return fd;
}

static bool take_buffer(napi_env env, napi_value value, size_t size, void **data) {
  size_t length = 0;
  if (napi_get_buffer_info(env, value, data, &length) != napi_ok || length < size) {
    napi_throw_range_error(env, "ERR_BUFFER_OUT_OF_BOUNDS", "a batch buffer is too small");
    return false;
  }
  return true;
}

// open(host, port, reusePort, queries, answers, meta, addresses, onBatch) → handle
static napi_value open_socket(napi_env env, napi_callback_info info) {
  size_t argc = 8;
  napi_value argv[8];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  char host[64];
  size_t host_length;
  int32_t port;
  bool reuse_port;
  if (argc < 8 ||
      napi_get_value_string_utf8(env, argv[0], host, sizeof host, &host_length) != napi_ok ||
      napi_get_value_int32(env, argv[1], &port) != napi_ok ||
      napi_get_value_bool(env, argv[2], &reuse_port) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "open(host, port, reusePort, buffers…, onBatch)");
    return NULL;
  }
  batch_socket *s = calloc(1, sizeof *s);
  const size_t sizes[4] = {BATCH * QUERY_SLOT, BATCH * ANSWER_SLOT,
                           BATCH * META_INTS * sizeof(int32_t), BATCH * ADDRESS_BYTES};
  void *data[4];
  for (int i = 0; i < 4; i++) {
    if (!take_buffer(env, argv[3 + i], sizes[i], &data[i])) return free(s), NULL;
  }
  s->fd = bound_socket(env, host, port, reuse_port);
  if (s->fd < 0) return free(s), NULL;
  s->env = env;
  s->queries = data[0];
  s->answers = data[1];
  s->meta = data[2];
  s->addresses = data[3];
  for (int i = 0; i < 4; i++) napi_create_reference(env, argv[3 + i], 1, &s->buffers[i]);
  napi_create_reference(env, argv[7], 1, &s->on_batch);
  napi_value resource, name;
  napi_create_object(env, &resource);
  napi_create_reference(env, resource, 1, &s->resource);
  napi_create_string_utf8(env, "DNS_UDP_BATCH", NAPI_AUTO_LENGTH, &name);
  napi_async_init(env, resource, name, &s->context);
  uv_loop_t *loop;
  napi_get_uv_event_loop(env, &loop);
  uv_poll_init_socket(loop, &s->poll, s->fd);
  s->poll.data = s;
  uv_poll_start(&s->poll, UV_READABLE, on_readable);
  napi_add_async_cleanup_hook(env, on_environment_cleanup, s, &s->cleanup);
  napi_value handle;
  napi_create_external(env, s, on_finalize, NULL, &handle);
  return handle;
}

static batch_socket *handle_of(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  void *s = NULL;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_external(env, argv[0], &s) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "not a batched UDP socket");
    return NULL;
  }
  return s;
}

// port(handle) → the port bound
static napi_value bound_port(napi_env env, napi_callback_info info) {
  batch_socket *s = handle_of(env, info);
  if (!s) return NULL;
  struct sockaddr_storage address;
  socklen_t length = sizeof address;
  if (getsockname(s->fd, (struct sockaddr *)&address, &length) < 0)
    return throw_errno(env, errno, "getsockname");
  int port = address.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&address)->sin6_port)
                                           : ntohs(((struct sockaddr_in *)&address)->sin_port);
  napi_value result;
  napi_create_int32(env, port, &result);
  return result;
}

// close(handle): no batch is handed over after it; the socket closes on the next loop turn.
static napi_value close_socket(napi_env env, napi_callback_info info) {
  batch_socket *s = handle_of(env, info);
  if (!s || s->closing) return NULL;
  for (int i = 0; i < 4; i++) napi_delete_reference(env, s->buffers[i]);
  napi_delete_reference(env, s->on_batch);
  napi_delete_reference(env, s->resource);
  napi_async_destroy(env, s->context);
  start_closing(s);
  return NULL;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor methods[] = {
      {"open", NULL, open_socket, NULL, NULL, NULL, napi_default, NULL},
      {"port", NULL, bound_port, NULL, NULL, NULL, napi_default, NULL},
      {"close", NULL, close_socket, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, 3, methods);
  return exports;
}

NAPI_MODULE(dns_udp_batch, init)

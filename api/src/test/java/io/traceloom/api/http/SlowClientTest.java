package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 300 connections trickling a request body at one byte every four seconds, from one client, must not
 * starve everyone else: bodies are read without holding a worker thread, one client may have only so many
 * still arriving, and each must arrive within the body timeout. 100 more trickle their headers. The
 * attackers speak from 127.0.0.2 and 127.0.0.3 (also this machine's loopback), the other clients from
 * 127.0.0.1, as different machines would.
 */
class SlowClientTest {

    private static final int TRICKLERS = 300;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

    @TempDir
    static Path dataDir;
    private static RunningTraceloom traceloom;
    private static int port;

    @BeforeAll
    static void start() {
        traceloom = RunningTraceloom.start(dataDir, "--traceloom.http.body-timeout=6s");
        port = URI.create(traceloom.http().baseUrl()).getPort();
    }

    @AfterAll
    static void stop() {
        traceloom.close();
    }

    @Test
    void tricklingClientsDoNotStarveOthers() throws Exception {
        List<Socket> tricklers = new ArrayList<>();
        // and, from another address, clients trickling their headers: Tomcat reads those without a thread
        List<Socket> slowHeaders = new ArrayList<>();
        try {
            for (int i = 0; i < TRICKLERS; i++) {
                tricklers.add(connect("127.0.0.2", "POST /credentials/verify HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"));
            }
            for (int i = 0; i < 100; i++) {
                slowHeaders.add(connect("127.0.0.3", "POST /credentials/verify HTTP/1.1\r\nHost: localhost\r\n"));
            }
            List<Socket> all = new ArrayList<>(tricklers);
            all.addAll(slowHeaders);
            Thread trickle = new Thread(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.sleep(4000);
                        for (Socket socket : all) {
                            try {
                                socket.getOutputStream().write('x');
                            } catch (IOException closed) {
                                // answered and closed by the server
                            }
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            trickle.setDaemon(true);
            trickle.start();

            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(ANSWER_WITHIN).build();
            List<Long> millis = new ArrayList<>();
            for (int round = 0; round < 10; round++) {
                millis.add(answered(client, HttpRequest.newBuilder(url("/actuator/health/liveness")).GET(), 200));
                millis.add(answered(client, HttpRequest.newBuilder(url("/credentials/issue"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"credentialSubject\":{\"id\":\"urn:x:"
                                + round + "\",\"product\":\"Apples\"}}")), 201));
                Thread.sleep(300);
            }
            System.out.println("SLOW-CLIENTS normal requests answered in (ms), health then issue: " + millis);

            Map<String, Integer> answers = new TreeMap<>();
            for (Socket socket : tricklers) {
                answers.merge(statusOf(socket), 1, Integer::sum);
            }
            trickle.interrupt();
            System.out.println("SLOW-CLIENTS answers to the tricklers: " + answers);
            // as many as one client may have arriving wait for the body timeout; the rest are refused at once
            assertThat(answers).containsOnlyKeys("408", "429").containsEntry("408", 32);
        } finally {
            for (Socket socket : tricklers) {
                socket.close();
            }
            for (Socket socket : slowHeaders) {
                socket.close();
            }
        }
    }

    private static Socket connect(String from, String head) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    @Test
    void aBodyNotFramedAsDeclaredIsABadRequest() throws IOException {
        try (Socket socket = connect("127.0.0.1", "POST /trade-items HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{\"name\":\"Apples\"}")) {
            String head = head(socket);

            assertThat(head).startsWith("HTTP/1.1 400 ").contains("application/problem+json").contains("X-Request-Id: ");
        }
    }

    @Test
    void aBodyThatDoesNotArriveInTimeIsARequestTimeout() throws IOException {
        try (Socket socket = connect("127.0.0.1", "POST /trade-items HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100\r\nX-Request-Id: slow-1\r\n\r\n{")) {
            String head = head(socket);

            assertThat(head).startsWith("HTTP/1.1 408 ").contains("application/problem+json")
                    .contains("X-Request-Id: slow-1").contains("Connection: close");
        }
    }

    /** The status line and headers of the answer. */
    private static String head(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        int b;
        while (!head.toString().endsWith("\r\n\r\n") && (b = in.read()) >= 0) {
            head.append((char) b);
        }
        return head.toString();
    }

    private static URI url(String path) {
        return URI.create(traceloom.http().baseUrl() + path);
    }

    /** How long the request took to answer with the status; a starved service does not answer in time. */
    private static long answered(HttpClient client, HttpRequest.Builder request, int status) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> response = client.send(request.timeout(ANSWER_WITHIN).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return Duration.ofNanos(System.nanoTime() - started).toMillis();
    }

    private static String statusOf(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] head = new byte[12];
        int read = 0;
        while (read < head.length) {
            int n = in.read(head, read, head.length - read);
            if (n < 0) {
                break;
            }
            read += n;
        }
        String line = new String(head, 0, read, StandardCharsets.US_ASCII);
        return line.startsWith("HTTP/1.1 ") && line.length() >= 12 ? line.substring(9, 12) : "none: " + line;
    }
}

package io.traceloom.api.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on a port of 127.0.0.1 to another address: what a test puts between the service and a database to
 * take the database away ({@link #close()}: every connection cut, none accepted) and give it back ({@link #open}
 * again, on the same port).
 */
public final class TcpRelay implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private boolean closed; // guarded by this

    private TcpRelay(ServerSocket server, InetSocketAddress target) {
        this.server = server;
        this.target = target;
        Thread acceptor = new Thread(this::accept, "tcp-relay-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Relays {@code port} of 127.0.0.1 (0: any free one) to {@code host}:{@code targetPort}. */
    public static TcpRelay open(int port, String host, int targetPort) {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return new TcpRelay(server, new InetSocketAddress(host, targetPort));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + port, e);
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                upstream.connect(target, 5000);
                if (kept(client, upstream)) {
                    pipe(client, upstream);
                    pipe(upstream, client);
                }
            } catch (IOException closedOrRefused) {
                // closed: the loop ends; refused by the target: that connection fails
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread pipe = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException cut) {
                // either side went away
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-relay-pipe");
        pipe.setDaemon(true);
        pipe.start();
    }

    /**
     * Keeps a connection to cut at {@link #close()}, or cuts it now when the relay closed while it was being made:
     * one accepted just before a close, and connected after it, outlived the close and answered a health check.
     */
    private synchronized boolean kept(Socket client, Socket upstream) {
        if (closed) {
            closeQuietly(client);
            closeQuietly(upstream);
            return false;
        }
        sockets.add(client);
        sockets.add(upstream);
        return true;
    }

    /** Cuts every connection and accepts no more. */
    @Override
    public synchronized void close() {
        closed = true;
        closeQuietly(server);
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
        sockets.clear();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing
        }
    }
}

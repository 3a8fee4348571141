package io.traceloom.api.support;

import io.traceloom.api.TraceloomApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process of its own started from this test's class path ({@code java -cp}): the service as {@code java -jar}
 * would run it, or another main class. Its output goes to a log file, read for what it prints when it listens.
 * JIT and heap are kept small: these processes live for seconds, on a machine the tests share. Like the launcher,
 * it exits on {@link OutOfMemoryError} rather than run on half broken.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Pattern TOMCAT_STARTED = Pattern.compile("Tomcat started on port (\\d+)");
    private static final List<String> JVM = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss512k",
            "-Xmx384m", "-XX:+ExitOnOutOfMemoryError");

    private final String name;
    private final Process process;
    private final Path log;
    private final int port;

    private ServiceProcess(String name, Process process, Path log, int port) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts the service with these arguments ({@code --key=value}), on a random port unless they name one, and
     * waits until it listens.
     */
    public static ServiceProcess traceloom(String name, Path logs, List<String> arguments, Duration within) {
        return traceloom(name, logs, List.of(), arguments, within);
    }

    /** As {@link #traceloom(String, Path, List, Duration)}, with JVM options after the defaults (a heap of its own). */
    public static ServiceProcess traceloom(String name, Path logs, List<String> jvmOptions, List<String> arguments,
                                           Duration within) {
        List<String> args = new ArrayList<>(arguments);
        if (arguments.stream().noneMatch(argument -> argument.startsWith("--server.port="))) {
            args.add("--server.port=0");
        }
        return start(name, logs, jvmOptions, TraceloomApplication.class.getName(), args, TOMCAT_STARTED, within);
    }

    /** Starts a main class of the class path and waits until its output matches {@code listening}. */
    public static ServiceProcess start(String name, Path logs, String mainClass, List<String> arguments,
                                       Pattern listening, Duration within) {
        return start(name, logs, List.of(), mainClass, arguments, listening, within);
    }

    private static ServiceProcess start(String name, Path logs, List<String> jvmOptions, String mainClass,
                                        List<String> arguments, Pattern listening, Duration within) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(arguments);
        Path log = logs.resolve(name + ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            return new ServiceProcess(name, process, log, awaitPort(name, process, log, listening, within));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    private static int awaitPort(String name, Process process, Path log, Pattern listening, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher started = listening.matcher(read(log));
            if (started.find()) {
                return Integer.parseInt(started.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited (" + process.exitValue() + ") before it listened:\n"
                        + tail(log, 40));
            }
            pause(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException(name + " did not listen within " + within + ":\n" + tail(log, 40));
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    public Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** How it exited; {@code null} while it runs. */
    public Integer exitValue() {
        return process.isAlive() ? null : process.exitValue();
    }

    /** Everything it has printed so far. */
    public String output() {
        return read(log);
    }

    /** Waits until {@code /actuator/health/readiness} answers 200 (a request that gets no answer is asked again). */
    public ServiceProcess awaitReady(Duration within) {
        Waits.until200(http(), "/actuator/health/readiness", within, process::isAlive,
                () -> name + " (alive: " + process.isAlive() + "):\n" + tail(log, 40));
        return this;
    }

    /** SIGKILL: no shutdown hook, no claim released, whatever it was doing left half done. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last lines of its output. */
    public String tail(int lines) {
        return tail(log, lines);
    }

    /** Stops it as an operator would (SIGTERM), or kills it when it does not stop in time. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(Path log, int lines) {
        List<String> all = read(log).lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

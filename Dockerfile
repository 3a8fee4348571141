# syntax=docker/dockerfile:1
# The service's image, built from the sources: no JDK or Maven on the host (docker compose up --build).

# Build: the Maven Wrapper on a JDK 17, the local repository kept in a cache between builds.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q package -DskipTests \
    && cp api/target/traceloom.jar /traceloom.jar

# Run: a JRE, as a user of its own, the data under /data.
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 1001 --home-dir /app traceloom && mkdir -p /data && chown traceloom /data
WORKDIR /app
COPY --from=build /traceloom.jar /app/traceloom.jar
USER traceloom
# JDK_JAVA_OPTIONS: a heap for the service's own work, which does not grow with the data, and the collector the JVM
# picks for a small machine, as bin/traceloom starts it (README "Run it"); set the variable to change them. One
# pool of direct buffers for the embedded MongoDB and two malloc arenas: less memory at the same speed.
ENV TRACELOOM_DATA_DIR=/data \
    SERVER_ADDRESS=0.0.0.0 \
    AXONIQ_UPDATE_CHECKER_DISABLED=true \
    MALLOC_ARENA_MAX=2 \
    JDK_JAVA_OPTIONS="-Xmx256m -XX:+UseSerialGC -Xss512k -XX:ReservedCodeCacheSize=64m -Dio.netty.allocator.numDirectArenas=1"
EXPOSE 8080
# Out of memory, the JVM ends at once, as a crash, and is restarted (docker-compose.yml: restart): threads that
# died halfway through what they did (the event store's writer among them) are not left running on.
ENTRYPOINT ["java", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/traceloom.jar"]

# The service image for docker-compose.yml. Build the jar first: ./mvnw -B -q package -DskipTests
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 1001 --home-dir /app traceloom && mkdir -p /data && chown traceloom /data
WORKDIR /app
COPY api/target/traceloom.jar /app/traceloom.jar
USER traceloom
ENV TRACELOOM_DATA_DIR=/data \
    SERVER_ADDRESS=0.0.0.0 \
    AXONIQ_UPDATE_CHECKER_DISABLED=true
EXPOSE 8080
# Out of memory, the JVM ends at once, as a crash, and is restarted (docker-compose.yml: restart): threads that
# died halfway through what they did (the event store's writer among them) are not left running on.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/traceloom.jar"]

package io.traceloom.api.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.web.ErrorResponseException;

class ByteRangeTest {

    @Test
    void oneRangeInEveryFormRfc9110Gives() {
        assertThat(ByteRange.parse("bytes=0-9", 100)).isEqualTo(new ByteRange(0, 9));
        assertThat(ByteRange.parse("bytes=90-", 100)).isEqualTo(new ByteRange(90, 99));
        assertThat(ByteRange.parse("bytes=-10", 100)).isEqualTo(new ByteRange(90, 99));
        assertThat(ByteRange.parse("bytes=-500", 100)).isEqualTo(new ByteRange(0, 99));
        assertThat(ByteRange.parse("bytes=50-500", 100)).isEqualTo(new ByteRange(50, 99));
        assertThat(ByteRange.parse("Bytes = 1-2", 100)).isEqualTo(new ByteRange(1, 2));
        assertThat(ByteRange.parse("bytes=0-99999999999999999999", 100)).isEqualTo(new ByteRange(0, 99));
    }

    @Test
    void whatIsNotOneRangeAsksForTheWhole() {
        for (String header : new String[] {null, "", "bytes", "bytes=", "bytes=-", "bytes=a-b", "bytes=5-2",
                "bytes=0-1,3-4", "items=0-1", "bytes=+1-2", "bytes=0x1-2", "bytes=1-2-3"}) {
            assertThat(ByteRange.parse(header, 100)).as(header).isNull();
        }
    }

    @Test
    void aRangeFromTheEndOnIsNotSatisfiable() {
        for (String header : new String[] {"bytes=100-", "bytes=100-200", "bytes=-0", "bytes=99999999999999999999-"}) {
            assertThatThrownBy(() -> ByteRange.parse(header, 100)).as(header)
                    .isInstanceOfSatisfying(ErrorResponseException.class, refused -> {
                        assertThat(refused.getStatusCode().value()).isEqualTo(416);
                        assertThat(refused.getHeaders().getFirst("Content-Range")).isEqualTo("bytes */100");
                    });
        }
    }
}

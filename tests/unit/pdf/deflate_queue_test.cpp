// The deflate queue: every job's bytes are what deflate() gives, in the
// order submitted, whichever thread deflated it; errors reach finish();
// a document's queued streams get their bytes and lengths before writing.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "pdf/deflate_queue.hpp"
#include "pdf/objects.hpp"
#include "pdf/serialise.hpp"

namespace cvpdf::pdf {
namespace {

// Data of many sizes, some compressible, some not.
std::vector<std::string> samples(unsigned seed, std::size_t count) {
  std::mt19937 random(seed);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t size = random() % 200000;
    std::string data(size, '\0');
    const bool noise = random() % 3 == 0;
    for (std::size_t b = 0; b < size; ++b)
      data[b] = static_cast<char>(noise ? random() : "0 0 1 rg BT /F1 10 Tf (word) Tj ET\n"[b % 35]);
    out.push_back(std::move(data));
  }
  return out;
}

void expect_same_as_deflate(bool worker, unsigned seed) {
  const std::vector<std::string> data = samples(seed, 40);
  DeflateQueue queue(worker);
  for (std::size_t i = 0; i < data.size(); ++i) EXPECT_EQ(queue.submit(data[i], 1 + static_cast<int>(i % 12)), i);
  const std::vector<std::string> deflated = queue.finish();
  ASSERT_EQ(deflated.size(), data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    EXPECT_TRUE(deflated[i] == deflate(data[i], 1 + static_cast<int>(i % 12))) << "job " << i << " of seed " << seed;
  EXPECT_EQ(queue.size(), 0u);
}

TEST(DeflateQueue, GivesDeflatesBytesInOrderWithAWorker) {
  for (unsigned seed : {1u, 2u, 3u}) expect_same_as_deflate(true, seed);
}

TEST(DeflateQueue, GivesTheSameBytesWithoutOne) { expect_same_as_deflate(false, 4); }

TEST(DeflateQueue, IsReusedAfterFinish) {
  DeflateQueue queue;
  queue.submit("first", 6);
  EXPECT_EQ(queue.finish(), std::vector<std::string>{deflate("first", 6)});
  EXPECT_EQ(queue.submit("second", 6), 0u);
  queue.submit("third", 6);
  EXPECT_EQ(queue.finish(), (std::vector<std::string>{deflate("second", 6), deflate("third", 6)}));
  EXPECT_TRUE(queue.finish().empty());
}

TEST(DeflateQueue, AFailedJobThrowsFromFinish) {
  for (bool worker : {true, false}) {
    DeflateQueue queue(worker);
    queue.submit("fine", 6);
    queue.submit("no such level", 13);
    queue.submit("fine too", 6);
    EXPECT_THROW(queue.finish(), FatalError);
    // The queue is left empty and usable.
    queue.submit("again", 6);
    EXPECT_EQ(queue.finish(), std::vector<std::string>{deflate("again", 6)});
  }
}

TEST(DeflateQueue, IsLeftWithJobsUnfinishedWithoutHarm) {
  // A document whose making throws never calls finish: the destructor joins.
  DeflateQueue queue;
  for (const auto& data : samples(5, 8)) queue.submit(data, 9);
}

TEST(DocumentStreams, AQueuedStreamHasItsBytesAndLengthAfterFinish) {
  Document doc;
  Object& object = doc.create();
  const std::string data(5000, 'x');
  doc.set_deflated_stream(object, data);
  EXPECT_TRUE(doc.streams_pending());
  EXPECT_THROW(serialise_document(doc), FatalError) << "written before its bytes were in";
  doc.finish_streams();
  EXPECT_FALSE(doc.streams_pending());
  Object immediate;
  set_stream(immediate, data, StreamFilter::Flate);
  EXPECT_TRUE(object.stream == immediate.stream);
  std::string queued_text, immediate_text;
  append_value(queued_text, object.value);
  append_value(immediate_text, immediate.value);
  EXPECT_EQ(queued_text, immediate_text);
  EXPECT_NO_THROW(serialise_document(doc));
}

}  // namespace
}  // namespace cvpdf::pdf
